public import AsyncWait
