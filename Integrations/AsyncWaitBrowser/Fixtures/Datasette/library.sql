-- The library the browser integration's DatasetteTests serve with Datasette:
-- eight authors and thirty of their books, with a full-text index of titles.
CREATE TABLE authors (id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT NOT NULL);
CREATE TABLE books (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  author_id INTEGER NOT NULL REFERENCES authors(id),
  year INTEGER NOT NULL,
  genre TEXT NOT NULL,
  pages INTEGER NOT NULL
);
INSERT INTO authors VALUES (1, 'Ursula K. Le Guin', 'United States');
INSERT INTO authors VALUES (2, 'Octavia E. Butler', 'United States');
INSERT INTO authors VALUES (3, 'Stanisław Lem', 'Poland');
INSERT INTO authors VALUES (4, 'Italo Calvino', 'Italy');
INSERT INTO authors VALUES (5, 'Chimamanda Ngozi Adichie', 'Nigeria');
INSERT INTO authors VALUES (6, 'Kazuo Ishiguro', 'United Kingdom');
INSERT INTO authors VALUES (7, 'Jorge Luis Borges', 'Argentina');
INSERT INTO authors VALUES (8, 'Toni Morrison', 'United States');
INSERT INTO books VALUES (1, 'A Wizard of Earthsea', 1, 1968, 'Fantasy', 183);
INSERT INTO books VALUES (2, 'The Left Hand of Darkness', 1, 1969, 'Science fiction', 286);
INSERT INTO books VALUES (3, 'The Dispossessed', 1, 1974, 'Science fiction', 341);
INSERT INTO books VALUES (4, 'The Lathe of Heaven', 1, 1971, 'Science fiction', 184);
INSERT INTO books VALUES (5, 'Kindred', 2, 1979, 'Science fiction', 264);
INSERT INTO books VALUES (6, 'Parable of the Sower', 2, 1993, 'Science fiction', 345);
INSERT INTO books VALUES (7, 'Dawn', 2, 1987, 'Science fiction', 248);
INSERT INTO books VALUES (8, 'Solaris', 3, 1961, 'Science fiction', 204);
INSERT INTO books VALUES (9, 'The Cyberiad', 3, 1965, 'Science fiction', 295);
INSERT INTO books VALUES (10, 'His Master''s Voice', 3, 1968, 'Science fiction', 199);
INSERT INTO books VALUES (11, 'Invisible Cities', 4, 1972, 'Literary fiction', 165);
INSERT INTO books VALUES (12, 'If on a winter''s night a traveler', 4, 1979, 'Literary fiction', 260);
INSERT INTO books VALUES (13, 'The Baron in the Trees', 4, 1957, 'Literary fiction', 217);
INSERT INTO books VALUES (14, 'Half of a Yellow Sun', 5, 2006, 'Historical fiction', 433);
INSERT INTO books VALUES (15, 'Americanah', 5, 2013, 'Literary fiction', 477);
INSERT INTO books VALUES (16, 'Purple Hibiscus', 5, 2003, 'Literary fiction', 307);
INSERT INTO books VALUES (17, 'The Remains of the Day', 6, 1989, 'Literary fiction', 245);
INSERT INTO books VALUES (18, 'Never Let Me Go', 6, 2005, 'Science fiction', 288);
INSERT INTO books VALUES (19, 'Klara and the Sun', 6, 2021, 'Science fiction', 303);
INSERT INTO books VALUES (20, 'The Buried Giant', 6, 2015, 'Fantasy', 317);
INSERT INTO books VALUES (21, 'Ficciones', 7, 1944, 'Short stories', 174);
INSERT INTO books VALUES (22, 'The Aleph', 7, 1949, 'Short stories', 210);
INSERT INTO books VALUES (23, 'Labyrinths', 7, 1962, 'Short stories', 251);
INSERT INTO books VALUES (24, 'Beloved', 8, 1987, 'Historical fiction', 324);
INSERT INTO books VALUES (25, 'Song of Solomon', 8, 1977, 'Literary fiction', 337);
INSERT INTO books VALUES (26, 'The Bluest Eye', 8, 1970, 'Literary fiction', 206);
INSERT INTO books VALUES (27, 'Sula', 8, 1973, 'Literary fiction', 174);
INSERT INTO books VALUES (28, 'Jazz', 8, 1992, 'Historical fiction', 229);
INSERT INTO books VALUES (29, 'Tehanu', 1, 1990, 'Fantasy', 252);
INSERT INTO books VALUES (30, 'Wild Seed', 2, 1980, 'Science fiction', 276);
CREATE VIRTUAL TABLE books_fts USING fts5(title, content='books', content_rowid='id');
INSERT INTO books_fts (rowid, title) SELECT id, title FROM books;
