#ifndef ASYNC_WAIT_ATSPI_LOADER_H
#define ASYNC_WAIT_ATSPI_LOADER_H

// The part of libatspi, GObject and GLib that AsyncWaitATSPI calls, declared
// here so that it builds without their headers or libraries: the libraries
// are opened at run time by asyncwait_atspi_load.
//
// Only what the Swift code uses is declared, written as in the real headers
// (at-spi-2.0/atspi/*.h, glib-2.0/glib/*.h, glib-2.0/gobject/*.h) with GLib's
// typedefs spelled out: gboolean and gint are int, guint is unsigned int,
// gchar is char, gpointer is void *, GType (gsize) is size_t and GQuark
// (guint32) is uint32_t. The nullability annotations, which the real headers
// lack, follow their documentation. The type names and constants are the
// real ones, so this header must never be included in a C file together
// with <atspi/atspi.h> or <glib.h>. A signature or value changed here must be
// checked against those headers, as it was when written: a mismatch is not a
// build error but a crash at run time. To check, compile a C file that
// includes <atspi/atspi.h>, then the three function lists below, then, for
// each F(returnType, name, parameters) of them,
// _Static_assert(__builtin_types_compatible_p(__typeof__(&name),
// returnType (*) parameters), #name); and the constants' values likewise.

#include <stddef.h>
#include <stdint.h>

// MARK: Types

/// An accessible object: a node of the desktop's tree (a GObject).
typedef struct _AtspiAccessible AtspiAccessible;
/// An accessible's Action interface (a GObject).
typedef struct _AtspiAction AtspiAction;
/// An accessible's EditableText interface (a GObject).
typedef struct _AtspiEditableText AtspiEditableText;
/// An accessible's Text interface (a GObject).
typedef struct _AtspiText AtspiText;
/// The set of states of an accessible (a GObject).
typedef struct _AtspiStateSet AtspiStateSet;
/// An accessible's Collection interface (a GObject): searches of its subtree
/// that the application runs.
typedef struct _AtspiCollection AtspiCollection;
/// What a Collection search matches (a GObject).
typedef struct _AtspiMatchRule AtspiMatchRule;
/// A GLib hash table (the attributes of a match rule; never made here).
typedef struct _GHashTable GHashTable;
/// An event delivered to a listener (a boxed type, freed with g_boxed_free).
typedef struct _AtspiEvent AtspiEvent;
/// A listener for AT-SPI events (a GObject).
typedef struct _AtspiEventListener AtspiEventListener;
/// A GLib main context.
typedef struct _GMainContext GMainContext;
/// A GLib main loop.
typedef struct _GMainLoop GMainLoop;
/// A GLib event source.
typedef struct _GSource GSource;
/// A GLib type identifier (GType, a gsize).
typedef size_t GType;
/// A GLib quark, which names an error domain (GQuark, a guint32).
typedef uint32_t GQuark;

/// An error a GLib or AT-SPI call reports through its last parameter; freed
/// with g_error_free. The layout is GLib's struct _GError.
typedef struct _GError {
  /// The error's domain.
  GQuark domain;
  /// The error's code in its domain.
  int code;
  /// What went wrong, in UTF-8.
  char *_Nullable message;
} GError;

/// The states of an accessible that AsyncWaitATSPI reads; the values are
/// those of AtspiStateType in atspi-constants.h.
typedef enum {
  /// The object is busy and cannot respond now (a window that loads).
  ATSPI_STATE_BUSY = 3,
  /// The object is enabled: it would accept user interaction if sensitive.
  ATSPI_STATE_ENABLED = 8,
  /// The object has the keyboard focus.
  ATSPI_STATE_FOCUSED = 12,
  /// The object is sensitive to user interaction.
  ATSPI_STATE_SENSITIVE = 24,
  /// The object and all its ancestors are visible.
  ATSPI_STATE_SHOWING = 25,
} AtspiStateType;

/// A role of an accessible; the values are those of AtspiRole in
/// atspi-constants.h, of which this header names only the first, since the
/// integration asks libatspi for each role's name (atspi_role_get_name).
typedef enum {
  /// Not a role: the first value, where a walk of the roles starts.
  ATSPI_ROLE_INVALID = 0,
} AtspiRole;

/// How a match rule combines its criteria of one kind; the values are those
/// of AtspiCollectionMatchType in atspi-constants.h.
typedef enum {
  /// All of the criteria hold (and none given holds).
  ATSPI_Collection_MATCH_ALL = 1,
  /// Any of the criteria holds (and none given holds).
  ATSPI_Collection_MATCH_ANY = 2,
} AtspiCollectionMatchType;

/// The order of a Collection search's results; the values are those of
/// AtspiCollectionSortOrder in atspi-constants.h.
typedef enum {
  /// Depth-first, in the order of the tree.
  ATSPI_Collection_SORT_ORDER_CANONICAL = 1,
} AtspiCollectionSortOrder;

/// A GLib array: its elements and how many there are. The layout is GLib's
/// struct _GArray.
typedef struct _GArray {
  /// The elements.
  char *_Nullable data;
  /// How many elements there are.
  unsigned int len;
} GArray;

/// Called for each event a listener is registered for (AtspiEventListenerCB).
/// The callback owns `event`.
typedef void (*AtspiEventListenerCB)(AtspiEvent *_Nullable event, void *_Nullable user_data);
/// Called with the data of a callback when the callback is dropped (GDestroyNotify).
typedef void (*GDestroyNotify)(void *_Nullable data);
/// The callback of an event source (GSourceFunc): returns nonzero to be called again.
typedef int (*GSourceFunc)(void *_Nullable user_data);

// MARK: Functions

// Each list names, for one library, the functions AsyncWaitATSPI calls:
// F(return type, name, parameter list). They declare the fields of
// AsyncWaitATSPIFunctions and drive the loader's look-ups.

/// The functions of libatspi.
#define ASYNC_WAIT_ATSPI_LIBATSPI_FUNCTIONS(F) \
  F(int, atspi_init, (void)) \
  F(void, atspi_set_timeout, (int val, int startup_time)) \
  F(AtspiAccessible *_Nullable, atspi_get_desktop, (int i)) \
  F(char *_Nullable, atspi_accessible_get_name, \
    (AtspiAccessible *_Nonnull obj, GError *_Nullable *_Nullable error)) \
  F(char *_Nullable, atspi_accessible_get_description, \
    (AtspiAccessible *_Nonnull obj, GError *_Nullable *_Nullable error)) \
  F(char *_Nullable, atspi_accessible_get_role_name, \
    (AtspiAccessible *_Nonnull obj, GError *_Nullable *_Nullable error)) \
  F(char *_Nullable, atspi_accessible_get_accessible_id, \
    (AtspiAccessible *_Nonnull obj, GError *_Nullable *_Nullable error)) \
  F(int, atspi_accessible_get_child_count, \
    (AtspiAccessible *_Nonnull obj, GError *_Nullable *_Nullable error)) \
  F(AtspiAccessible *_Nullable, atspi_accessible_get_child_at_index, \
    (AtspiAccessible *_Nonnull obj, int child_index, GError *_Nullable *_Nullable error)) \
  F(AtspiStateSet *_Nullable, atspi_accessible_get_state_set, (AtspiAccessible *_Nonnull obj)) \
  F(AtspiAction *_Nullable, atspi_accessible_get_action_iface, (AtspiAccessible *_Nonnull obj)) \
  F(AtspiEditableText *_Nullable, atspi_accessible_get_editable_text_iface, \
    (AtspiAccessible *_Nonnull obj)) \
  F(AtspiText *_Nullable, atspi_accessible_get_text_iface, (AtspiAccessible *_Nonnull obj)) \
  F(int, atspi_state_set_contains, (AtspiStateSet *_Nonnull set, AtspiStateType state)) \
  F(int, atspi_action_do_action, (AtspiAction *_Nonnull obj, int i, GError *_Nullable *_Nullable error)) \
  F(int, atspi_editable_text_set_text_contents, \
    (AtspiEditableText *_Nonnull obj, const char *_Nonnull new_contents, \
     GError *_Nullable *_Nullable error)) \
  F(int, atspi_text_get_character_count, (AtspiText *_Nonnull obj, GError *_Nullable *_Nullable error)) \
  F(char *_Nullable, atspi_text_get_text, \
    (AtspiText *_Nonnull obj, int start_offset, int end_offset, GError *_Nullable *_Nullable error)) \
  F(GType, atspi_event_get_type, (void)) \
  F(AtspiEventListener *_Nullable, atspi_event_listener_new, \
    (AtspiEventListenerCB _Nonnull callback, void *_Nullable user_data, \
     GDestroyNotify _Nullable callback_destroyed)) \
  F(int, atspi_event_listener_register, \
    (AtspiEventListener *_Nonnull listener, const char *_Nonnull event_type, \
     GError *_Nullable *_Nullable error)) \
  F(int, atspi_event_listener_deregister, \
    (AtspiEventListener *_Nonnull listener, const char *_Nonnull event_type, \
     GError *_Nullable *_Nullable error)) \
  F(char *_Nullable, atspi_role_get_name, (AtspiRole role)) \
  F(AtspiCollection *_Nullable, atspi_accessible_get_collection_iface, (AtspiAccessible *_Nonnull obj)) \
  F(AtspiMatchRule *_Nonnull, atspi_match_rule_new, \
    (AtspiStateSet *_Nullable states, AtspiCollectionMatchType statematchtype, \
     GHashTable *_Nullable attributes, AtspiCollectionMatchType attributematchtype, \
     GArray *_Nullable roles, AtspiCollectionMatchType rolematchtype, GArray *_Nullable interfaces, \
     AtspiCollectionMatchType interfacematchtype, int invert)) \
  F(GArray *_Nullable, atspi_collection_get_matches, \
    (AtspiCollection *_Nonnull collection, AtspiMatchRule *_Nonnull rule, \
     AtspiCollectionSortOrder sortby, int count, int traverse, GError *_Nullable *_Nullable error))

/// The functions of GObject.
#define ASYNC_WAIT_ATSPI_GOBJECT_FUNCTIONS(F) \
  F(void, g_object_unref, (void *_Nonnull object)) \
  F(void, g_boxed_free, (GType boxed_type, void *_Nonnull boxed))

/// The functions of GLib.
#define ASYNC_WAIT_ATSPI_GLIB_FUNCTIONS(F) \
  F(void, g_free, (void *_Nullable mem)) \
  F(void, g_error_free, (GError *_Nonnull error)) \
  F(GMainContext *_Nonnull, g_main_context_default, (void)) \
  F(GMainLoop *_Nonnull, g_main_loop_new, (GMainContext *_Nullable context, int is_running)) \
  F(void, g_main_loop_run, (GMainLoop *_Nonnull loop)) \
  F(GSource *_Nonnull, g_idle_source_new, (void)) \
  F(void, g_source_set_priority, (GSource *_Nonnull source, int priority)) \
  F(void, g_source_set_callback, \
    (GSource *_Nonnull source, GSourceFunc _Nullable func, void *_Nullable data, \
     GDestroyNotify _Nullable notify)) \
  F(unsigned int, g_source_attach, (GSource *_Nonnull source, GMainContext *_Nullable context)) \
  F(void, g_source_unref, (GSource *_Nonnull source)) \
  F(GArray *_Nonnull, g_array_new, (int zero_terminated, int clear_, unsigned int element_size)) \
  F(GArray *_Nonnull, g_array_append_vals, (GArray *_Nonnull array, const void *_Nullable data, unsigned int len)) \
  F(char *_Nullable, g_array_free, (GArray *_Nonnull array, int free_segment))

#define ASYNC_WAIT_ATSPI_FIELD(returnType, name, parameters) returnType (*_Nonnull name) parameters;

/// The functions AsyncWaitATSPI calls, each the address of the library's own,
/// filled in by asyncwait_atspi_load; in Swift, ATSPIFunctions.
typedef struct __attribute__((swift_name("ATSPIFunctions"))) AsyncWaitATSPIFunctions {
  ASYNC_WAIT_ATSPI_LIBATSPI_FUNCTIONS(ASYNC_WAIT_ATSPI_FIELD)
  ASYNC_WAIT_ATSPI_GOBJECT_FUNCTIONS(ASYNC_WAIT_ATSPI_FIELD)
  ASYNC_WAIT_ATSPI_GLIB_FUNCTIONS(ASYNC_WAIT_ATSPI_FIELD)
} AsyncWaitATSPIFunctions;

#undef ASYNC_WAIT_ATSPI_FIELD

// MARK: Loading

/// Opens libatspi, GObject and GLib and looks up every function of
/// AsyncWaitATSPIFunctions.
///
/// The work is done once per process, by the first call; every call returns
/// its outcome, and any thread may call. Returns the functions, or NULL with
/// `*error` set to a message that names the library that could not be opened
/// or the function it lacks. Both stay valid for the life of the process.
const AsyncWaitATSPIFunctions *_Nullable asyncwait_atspi_load(const char *_Nullable *_Nonnull error);

#endif
