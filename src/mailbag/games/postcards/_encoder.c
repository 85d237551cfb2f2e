/* The Postcards observation in C: PostcardsEncoder.write_state, number for number, faster.
 *
 * The reference is write_state in mailbag/games/postcards/encoder.py (itself held to the view
 * encoder); tests/rl/test_native_encoders.py holds this file to it, bit for bit, on the pure
 * build's dataclass states and the compiled build's native ones. configure reads the encoder
 * once: its size, seat count, feature offsets, table sizes (kinds, gifts, regions, itineraries,
 * seat_size), decision_of, the postcard face blocks (_face_blocks, made by _faces() when not yet
 * made) and encoder.POINTS_SCALE. write reads the state through getattr with names
 * interned at import (so both builds work): the turn (played, plus, moves, postcards, camps,
 * drawing, its stack's top frame: kind, value, cards), current, supply, turns, ending, side,
 * edition, bonus, the rows, decks and discards, camp_owner, and per player its kind, hand,
 * points, camps, region, itinerary, gifts and postcards (card, sent, stamps, souvenirs).
 *
 * Each number is computed as Python computes it, in double, and stored as float32. The `+=`
 * counts (hand, played, travel discard, gifts) add card by card in Python, the float32 read back
 * each time: here the cards of each kind are counted and the kind's slot set to that many
 * additions, precomputed at import the same way (add_each). Every index is checked against the
 * size: a malformed state raises, it is never written past the buffer.
 *
 * Where the time goes: about 100 attribute reads per call for 2 seats (4 per postcard held: card,
 * sent, stamps, souvenirs), each through the type's getattro, are nearly half of it. So each
 * field is read once (the seat's own hand serves its seat block too), and the rest is kept to
 * plain loads and stores with few unpredictable branches: small ints and bools read in place,
 * the `+=` counts counted, k / 3 and k / 5 from tables, a postcard's stamps and souvenirs summed
 * without a branch per flag, one bounds check per postcard block.
 *
 *   configure(encoder) -> config          a capsule holding the layout
 *   write(config, state, seat, buffer)    buffer: writable float32s, encoder.size of them; the
 *                                         whole buffer is written (cleared first)
 */
#include "_encoder.h" /* Python.h, and what the encodings share */
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define CAPSULE "mailbag.games.postcards._encoder.config"
/* state.EMPTY: an empty slot of a row */
#define EMPTY (-1)
/* integers of the state beyond this are refused (indices computed from them cannot overflow) */
#define BIG ((long long)1 << 40)
/* each_int's skip for "skip none" (the state's ints are within +-BIG) */
#define NO_SKIP LLONG_MIN
/* integers below this convert to double exactly, so x / d is Python's int / int */
#define EXACT ((long long)1 << 53)

/* the attribute names write reads, interned once at import */
#define NAMES(X)                                                                                  \
    X(turn) X(stack) X(kind) X(value) X(cards) X(drawing) X(played) X(plus) X(moves)              \
    X(postcards) X(camps) X(current) X(supply) X(turns) X(ending) X(side) X(edition) X(bonus)     \
    X(players) X(hand) X(travel_row) X(travel_deck) X(travel_discard) X(postcard_row)              \
    X(postcard_deck) X(postcard_discard) X(gift_row) X(gift_deck) X(gift_discard) X(camp_owner)   \
    X(points) X(region) X(itinerary) X(gifts) X(card) X(sent) X(stamps) X(souvenirs)
#define AS_ENUM(n) N_##n,
#define AS_TEXT(n) #n,
enum { NAMES(AS_ENUM) N_COUNT };
static const char *const name_text[N_COUNT] = {NAMES(AS_TEXT)};
static PyObject *names[N_COUNT];

typedef struct {
    long long size, n, kinds, gifts, regions, itineraries, seat_size;
    long long o_decision, o_frame_value, o_turn, o_current, o_game, o_bonus, o_hand, o_played,
        o_row, o_travel, o_prow, o_ptop, o_ppiles, o_grow, o_gpiles, o_camps, o_hiking, o_seats;
    double points_scale;
    PyObject *decision_of; /* a copy of encoder.decision_of, owned */
    long long main, drawing; /* decision_of["main"], decision_of["drawing"] */
    long long face_size;     /* regions + 3: a postcard_row slot */
    long long faces_count;   /* faces are indexed by postcard number, 0 .. faces_count - 1 */
    unsigned char *has_face;
    float *faces;
} Config;

/* the encoder's integer attributes configure reads, and where they go */
static const struct {
    const char *name;
    size_t at;
} layout_ints[] = {
    {"size", offsetof(Config, size)},
    {"num_players", offsetof(Config, n)},
    {"kinds", offsetof(Config, kinds)},
    {"gifts", offsetof(Config, gifts)},
    {"regions", offsetof(Config, regions)},
    {"itineraries", offsetof(Config, itineraries)},
    {"seat_size", offsetof(Config, seat_size)},
    {"o_decision", offsetof(Config, o_decision)},
    {"o_frame_value", offsetof(Config, o_frame_value)},
    {"o_turn", offsetof(Config, o_turn)},
    {"o_current", offsetof(Config, o_current)},
    {"o_game", offsetof(Config, o_game)},
    {"o_bonus", offsetof(Config, o_bonus)},
    {"o_hand", offsetof(Config, o_hand)},
    {"o_played", offsetof(Config, o_played)},
    {"o_row", offsetof(Config, o_row)},
    {"o_travel", offsetof(Config, o_travel)},
    {"o_prow", offsetof(Config, o_prow)},
    {"o_ptop", offsetof(Config, o_ptop)},
    {"o_ppiles", offsetof(Config, o_ppiles)},
    {"o_grow", offsetof(Config, o_grow)},
    {"o_gpiles", offsetof(Config, o_gpiles)},
    {"o_camps", offsetof(Config, o_camps)},
    {"o_hiking", offsetof(Config, o_hiking)},
    {"o_seats", offsetof(Config, o_seats)},
};

static void config_free(PyObject *capsule) {
    Config *c = PyCapsule_GetPointer(capsule, CAPSULE);
    if (c == NULL) return;
    Py_XDECREF(c->decision_of);
    PyMem_Free(c->has_face);
    PyMem_Free(c->faces);
    PyMem_Free(c);
}

/* ---- configure ------------------------------------------------------------------------------ */

/* encoder.<name>, a new reference; a missing attribute is a TypeError naming it */
static PyObject *encoder_attr(PyObject *encoder, const char *name) {
    PyObject *value = PyObject_GetAttrString(encoder, name);
    if (value == NULL && PyErr_ExceptionMatches(PyExc_AttributeError)) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError,
                     "configure: a PostcardsEncoder expected (%s has no attribute %s)",
                     Py_TYPE(encoder)->tp_name, name);
    }
    return value;
}

/* an integer of the layout, 0 .. 2**24 */
static int layout_int(PyObject *value, const char *name, long long *out) {
    if (!PyLong_Check(value)) {
        PyErr_Format(PyExc_TypeError, "configure: encoder.%s: an int expected", name);
        return -1;
    }
    long long v = PyLong_AsLongLong(value);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v < 0 || v > (1 << 24)) {
        PyErr_Format(PyExc_ValueError, "configure: encoder.%s = %lld is out of range", name, v);
        return -1;
    }
    *out = v;
    return 0;
}

static int read_decisions(Config *c, PyObject *encoder) {
    PyObject *table = encoder_attr(encoder, "decision_of");
    if (table == NULL) return -1;
    if (!PyDict_Check(table)) {
        Py_DECREF(table);
        PyErr_SetString(PyExc_TypeError, "configure: encoder.decision_of: a dict expected");
        return -1;
    }
    c->decision_of = PyDict_Copy(table);
    Py_DECREF(table);
    if (c->decision_of == NULL) return -1;
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(c->decision_of, &pos, &key, &value)) {
        long long index;
        if (layout_int(value, "decision_of[...]", &index) < 0) return -1;
    }
    static const char *const fixed[2] = {"main", "drawing"};
    long long *slots[2] = {&c->main, &c->drawing};
    for (int i = 0; i < 2; i++) {
        value = PyDict_GetItemString(c->decision_of, fixed[i]);
        if (value == NULL) {
            PyErr_Format(PyExc_TypeError, "configure: encoder.decision_of has no '%s'", fixed[i]);
            return -1;
        }
        *slots[i] = PyLong_AsLongLong(value);
    }
    return 0;
}

/* the postcard face blocks (encoder._face_blocks, made by encoder._faces() on first use) */
static int read_faces(Config *c, PyObject *encoder) {
    PyObject *faces = PyObject_GetAttrString(encoder, "_face_blocks");
    if (faces == NULL) {
        if (!PyErr_ExceptionMatches(PyExc_AttributeError)) return -1;
        PyErr_Clear();
        PyObject *make = encoder_attr(encoder, "_faces");
        if (make == NULL) return -1;
        faces = PyObject_CallNoArgs(make);
        Py_DECREF(make);
        if (faces == NULL) return -1;
    }
    int rc = -1;
    if (!PyDict_Check(faces)) {
        PyErr_SetString(PyExc_TypeError, "configure: the postcard faces: a dict expected");
        goto done;
    }
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    long long top = -1;
    while (PyDict_Next(faces, &pos, &key, &value)) {
        long long number;
        if (layout_int(key, "_face_blocks key", &number) < 0) goto done;
        if (number > top) top = number;
    }
    c->faces_count = top + 1;
    c->has_face = PyMem_Calloc((size_t)c->faces_count + 1, 1);
    c->faces = PyMem_Calloc((size_t)(c->faces_count * c->face_size) + 1, sizeof(float));
    if (c->has_face == NULL || c->faces == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    pos = 0;
    while (PyDict_Next(faces, &pos, &key, &value)) {
        long long number = PyLong_AsLongLong(key);
        if (number < 0 || number >= c->faces_count) {
            PyErr_SetString(PyExc_RuntimeError, "configure: the postcard faces changed");
            goto done;
        }
        Py_buffer view;
        if (PyObject_GetBuffer(value, &view, PyBUF_FORMAT) < 0) goto done;
        int fits = view.itemsize == 4 && view.format != NULL && strcmp(view.format, "f") == 0 &&
                   view.len == (Py_ssize_t)(4 * c->face_size);
        if (fits) memcpy(c->faces + number * c->face_size, view.buf, (size_t)view.len);
        PyBuffer_Release(&view);
        if (!fits) {
            PyErr_Format(PyExc_TypeError,
                         "configure: the face of postcard %lld: an array('f') of %lld expected",
                         number, c->face_size);
            goto done;
        }
        c->has_face[number] = 1;
    }
    rc = 0;
done:
    Py_DECREF(faces);
    return rc;
}

static int read_points_scale(Config *c) {
    PyObject *module = PyImport_ImportModule("mailbag.games.postcards.encoder");
    if (module == NULL) return -1;
    PyObject *scale = PyObject_GetAttrString(module, "POINTS_SCALE");
    Py_DECREF(module);
    if (scale == NULL) return -1;
    c->points_scale = PyFloat_AsDouble(scale);
    Py_DECREF(scale);
    if (c->points_scale == -1.0 && PyErr_Occurred()) return -1;
    if (c->points_scale == 0.0) { /* Python would raise ZeroDivisionError on every write */
        PyErr_SetString(PyExc_ValueError, "configure: encoder.POINTS_SCALE is 0");
        return -1;
    }
    return 0;
}

static PyObject *configure(PyObject *self, PyObject *encoder) {
    (void)self;
    Config *c = PyMem_Calloc(1, sizeof(Config));
    if (c == NULL) return PyErr_NoMemory();
    PyObject *capsule = PyCapsule_New(c, CAPSULE, config_free);
    if (capsule == NULL) {
        PyMem_Free(c);
        return NULL;
    }
    /* from here on the capsule owns c: dropping it frees everything */
    for (size_t i = 0; i < sizeof layout_ints / sizeof layout_ints[0]; i++) {
        PyObject *value = encoder_attr(encoder, layout_ints[i].name);
        if (value == NULL) goto fail;
        int rc = layout_int(value, layout_ints[i].name,
                            (long long *)((char *)c + layout_ints[i].at));
        Py_DECREF(value);
        if (rc < 0) goto fail;
    }
    if (c->n < 1 || c->size < 1) {
        PyErr_SetString(PyExc_ValueError, "configure: encoder.num_players and size must be > 0");
        goto fail;
    }
    c->face_size = c->regions + 3;
    if (read_decisions(c, encoder) < 0 || read_faces(c, encoder) < 0 || read_points_scale(c) < 0)
        goto fail;
    return capsule;
fail:
    Py_DECREF(capsule);
    return NULL;
}

/* ---- write: reading the state ---------------------------------------------------------------- */

/* obj.<name>, a new reference. This is what PyObject_GetAttr does with a str name, minus its
 * checks: the type's getattro slot, called directly (the dataclass's generic lookup in the pure
 * build, the native class's in the compiled one). Every field is read by name, once. */
static inline PyObject *get(PyObject *obj, int name) {
    getattrofunc getattro = Py_TYPE(obj)->tp_getattro;
    if (getattro != NULL) return getattro(obj, names[name]);
    return PyObject_GetAttr(obj, names[name]);
}

/* a one-digit int or a bool (most of the state's ints), read in place without a call; 0 if it
 * is anything else */
static inline int small_int(PyObject *value, long long *out) {
    if (mb_compact_int(value, out)) return 1;
    if (PyBool_Check(value)) { /* one branch on the type, none on the flag */
        *out = value == Py_True;
        return 1;
    }
    return 0;
}

/* an int of the state (by __index__, as Python's indexing takes it), |v| <= BIG */
static int as_int(PyObject *value, long long *out) {
    int overflow;
    long long v;
    if (small_int(value, out)) return 0;
    if (PyLong_Check(value)) {
        v = PyLong_AsLongLongAndOverflow(value, &overflow);
    } else {
        PyObject *index = PyNumber_Index(value);
        if (index == NULL) return -1;
        v = PyLong_AsLongLongAndOverflow(index, &overflow);
        Py_DECREF(index);
    }
    if (v == -1 && PyErr_Occurred()) return -1;
    if (overflow || v > BIG || v < -BIG) {
        PyErr_SetString(PyExc_ValueError, "write: an integer of the state is out of range");
        return -1;
    }
    *out = v;
    return 0;
}

/* float(value), as array('f') takes a number */
static int as_double(PyObject *value, double *out) {
    long long small;
    if (small_int(value, &small)) {
        *out = (double)small;
        return 0;
    }
    double v = PyLong_Check(value) ? PyLong_AsDouble(value) : PyFloat_AsDouble(value);
    if (v == -1.0 && PyErr_Occurred()) return -1;
    *out = v;
    return 0;
}

/* value / d, as Python divides an int (or a float) by the int d */
static int true_divide(PyObject *value, long d, double *out) {
    if (PyLong_Check(value)) {
        long long v;
        int overflow = 0;
        if (!small_int(value, &v)) v = PyLong_AsLongLongAndOverflow(value, &overflow);
        if (v == -1 && PyErr_Occurred()) return -1;
        if (!overflow && v < EXACT && v > -EXACT) {
            *out = (double)v / (double)d;
            return 0;
        }
    }
    PyObject *divisor = PyLong_FromLong(d);
    if (divisor == NULL) return -1;
    PyObject *q = PyNumber_TrueDivide(value, divisor);
    Py_DECREF(divisor);
    if (q == NULL) return -1;
    int rc = as_double(q, out);
    Py_DECREF(q);
    return rc;
}

/* the field readers: obj.<name> as an int, a float, value / d, len(value) / d, a truth value,
 * a comparison with a str */
static int attr_int(PyObject *obj, int name, long long *out) {
    PyObject *value = get(obj, name);
    if (value == NULL) return -1;
    int rc = as_int(value, out);
    Py_DECREF(value);
    return rc;
}

static int attr_double(PyObject *obj, int name, double *out) {
    PyObject *value = get(obj, name);
    if (value == NULL) return -1;
    int rc = as_double(value, out);
    Py_DECREF(value);
    return rc;
}

static int attr_divide(PyObject *obj, int name, long d, double *out) {
    PyObject *value = get(obj, name);
    if (value == NULL) return -1;
    int rc = true_divide(value, d, out);
    Py_DECREF(value);
    return rc;
}

static int attr_len_divide(PyObject *obj, int name, long d, double *out) {
    PyObject *value = get(obj, name);
    if (value == NULL) return -1;
    Py_ssize_t len = PyList_CheckExact(value) ? PyList_GET_SIZE(value) : PyObject_Size(value);
    Py_DECREF(value);
    if (len < 0) return -1;
    *out = (double)len / (double)d;
    return 0;
}

/* bool(value) (a new reference, consumed) */
static inline int truth(PyObject *value) {
    if (value == NULL) return -1;
    /* a bool: one branch on its type, none on the flag (often mispredicted) */
    int rc = PyBool_Check(value) ? value == Py_True : PyObject_IsTrue(value);
    Py_DECREF(value);
    return rc;
}

/* obj.<name> == text, for a str (anything else is not equal) */
static int attr_equals(PyObject *obj, int name, const char *text) {
    PyObject *value = get(obj, name);
    if (value == NULL) return -1;
    int rc = PyUnicode_Check(value) && PyUnicode_CompareWithASCIIString(value, text) == 0;
    Py_DECREF(value);
    return rc;
}

/* value as a list or tuple (value, a new reference, is consumed; the result is one): a list is
 * taken as it is, any other iterable is listed by PySequence_Fast */
static PyObject *as_items(PyObject *value) {
    if (value == NULL || PyList_CheckExact(value)) return value;
    PyObject *items = PySequence_Fast(value, "write: a list of the state expected");
    Py_DECREF(value);
    return items;
}

static PyObject *attr_items(PyObject *obj, int name) { return as_items(get(obj, name)); }

/* the i-th int of a list or tuple (loops read its size again each step, as Python's for does:
 * __index__ may run Python code) */
static inline int item_int(PyObject *items, Py_ssize_t i, long long *out) {
    PyObject *item = PySequence_Fast_GET_ITEM(items, i);
    if (small_int(item, out)) return 0;
    Py_INCREF(item);
    int rc = as_int(item, out);
    Py_DECREF(item);
    return rc;
}

/* sum(value) for a list of bools or ints (value, a new reference, is consumed) */
static int sum_of(PyObject *value, long long *out) {
    PyObject *items = as_items(value);
    if (items == NULL) return -1;
    if (PyList_CheckExact(items)) {
        /* the usual list of bools: the Trues and the Falses counted without a branch on any
         * item (a branch on each flag is mispredicted often); if they are not all of it, the
         * loop below sums it again */
        PyObject *const *item = ((PyListObject *)items)->ob_item;
        Py_ssize_t size = PyList_GET_SIZE(items), trues = 0, falses = 0;
        for (Py_ssize_t i = 0; i < size; i++) {
            trues += item[i] == Py_True;
            falses += item[i] == Py_False;
        }
        if (trues + falses == size) {
            Py_DECREF(items);
            *out = trues;
            return 0;
        }
    }
    long long total = 0;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(items); i++) {
        long long v;
        if (item_int(items, i, &v) < 0) goto fail;
        total += v;
        if (total > BIG || total < -BIG) {
            PyErr_SetString(PyExc_ValueError, "write: a sum of the state is out of range");
            goto fail;
        }
    }
    Py_DECREF(items);
    *out = total;
    return 0;
fail:
    Py_DECREF(items);
    return -1;
}

/* ---- write: the buffer --------------------------------------------------------------------- */

typedef struct {
    float *b;
    long long size;
} Out;

static int outside(const Out *out, long long i) {
    PyErr_Format(PyExc_ValueError, "write: index %lld is outside the observation (size %lld)", i,
                 out->size);
    return -1;
}

/* b[i : i + count] lies in the buffer (else the error is set) */
static inline int inside(const Out *out, long long i, long long count) {
    if (i < 0 || i > out->size - count) return outside(out, i < 0 ? i : i + count - 1);
    return 0;
}

/* b[i] = v */
static inline int put(Out *out, long long i, double v) {
    if (inside(out, i, 1) < 0) return -1;
    out->b[i] = (float)v;
    return 0;
}

/* b[i] += v: the float32 read back, added in double, stored as float32 */
static inline int add(Out *out, long long i, double v) {
    if (inside(out, i, 1) < 0) return -1;
    out->b[i] = (float)((double)out->b[i] + v);
    return 0;
}

/* Precomputed float32 results, for small k (made at import, each exactly as Python computes it):
 * k / 3 and k / 5 (the postcards' stamps and souvenirs, lengths over 3 and 5), and the sums of the
 * `+=` counts, k additions of a step to a zero slot. */
#define RUN 64
static float over3[RUN], over5[RUN];

typedef struct {
    double step;
    float sum[RUN]; /* sum[k]: 0.0f with step added k times, each time through double */
} Steps;
static Steps fifths = {0.2, {0}}, thirds = {1.0 / 3.0, {0}}, tenths = {0.1, {0}};

static void make_tables(void) {
    Steps *all[3] = {&fifths, &thirds, &tenths};
    for (int t = 0; t < 3; t++) {
        all[t]->sum[0] = 0.0f;
        for (int k = 1; k < RUN; k++)
            all[t]->sum[k] = (float)((double)all[t]->sum[k - 1] + all[t]->step);
    }
    for (int k = 0; k < RUN; k++) {
        over3[k] = (float)((double)k / 3.0);
        over5[k] = (float)((double)k / 5.0);
    }
}

/* (float)(k / d) for d 3 or 5, from the table when k is in it */
static inline float ratio(long long k, const float *table, double d) {
    return k >= 0 && k < RUN ? table[k] : (float)((double)k / d);
}

/* b[i] += step, k times over (k > 0): from the table when the slot still holds zero (as it
 * does in a sound state: each `+=` feature starts cleared), else one addition at a time */
static inline void add_times(float *slot, const Steps *s, long long k) {
    float x = *slot;
    long long done = 0;
    if (x == 0.0f) {
        done = k < RUN ? k : RUN - 1;
        x = s->sum[done];
    }
    for (; done < k; done++) x = (float)((double)x + s->step);
    *slot = x;
}

/* b[i : i + face_size] = faces[card] */
static int put_face(const Config *c, Out *out, long long i, long long card) {
    if (card < 0 || card >= c->faces_count || !c->has_face[card]) {
        PyObject *key = Py_BuildValue("(L)", card);
        if (key != NULL) {
            PyErr_SetObject(PyExc_KeyError, key);
            Py_DECREF(key);
        }
        return -1;
    }
    if (inside(out, i, c->face_size) < 0) return -1;
    memcpy(out->b + i, c->faces + card * c->face_size, sizeof(float) * (size_t)c->face_size);
    return 0;
}

/* Python's a % n for n > 0 (never negative) */
static inline long long floor_mod(long long a, long long n) {
    if (a >= 0 && a < n) return a;
    if (a < 0 && a >= -n) return a + n;
    long long r = a % n;
    return r < 0 ? r + n : r;
}

/* for each int x of items (a list or tuple), by slot: b[at + slot * stride + x] = v, where
 * x != skip */
static int put_each(PyObject *items, Out *out, long long at, long long stride, long long skip,
                    double v) {
    for (Py_ssize_t slot = 0; slot < PySequence_Fast_GET_SIZE(items); slot++) {
        long long x;
        if (item_int(items, slot, &x) < 0) return -1;
        if (x != skip && put(out, at + slot * stride + x, v) < 0) return -1;
    }
    return 0;
}

/* the index of the lowest set bit of bits (not 0) */
static inline int lowest_bit(uint64_t bits) {
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(bits);
#else
    int i = 0;
    for (; !(bits & 1); bits >>= 1) i++;
    return i;
#endif
}

/* for each int x of items (a list or tuple): b[at + x] += s->step, as Python's loop does.
 *
 * The x within 0 .. range - 1 (all of them, in a sound state) are counted, and each count's sum
 * is written after the loop (add_times); any other x is added in place at once. That is the
 * same float32 as Python's card by card `+=`: the counted slots and the others are apart, and no
 * other write comes between. A range over COUNTED counts nothing (each x is added in place). */
#define COUNTED 64 /* the bits of a uint64_t */
static int add_each(PyObject *items, Out *out, long long at, long long range, const Steps *s) {
    Py_ssize_t counts[COUNTED];
    uint64_t seen = 0; /* bit x: counts[x] > 0 */
    if (PySequence_Fast_GET_SIZE(items) == 0) return 0; /* often: no gifts, nothing played */
    if (range > COUNTED || range < 0) range = 0;
    memset(counts, 0, sizeof counts[0] * (size_t)range);
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(items); i++) {
        long long x;
        if (item_int(items, i, &x) < 0) return -1;
        if (x >= 0 && x < range) {
            counts[x]++;
            seen |= (uint64_t)1 << x;
        } else if (add(out, at + x, s->step) < 0) {
            return -1;
        }
    }
    for (; seen != 0; seen &= seen - 1) { /* each x counted: no branch on the kinds not held */
        long long x = lowest_bit(seen);
        if (inside(out, at + x, 1) < 0) return -1;
        add_times(out->b + at + x, s, counts[x]);
    }
    return 0;
}

/* a postcard in front of a player, at base + 4 * (card - 1): held or sent, stamps filled / 5,
 * souvenirs filled / 3 (its four fields read once each) */
static inline int encode_postcard(PyObject *owned, long long base, Out *out) {
    long long card, stamps, souvenirs;
    int sent;
    if (attr_int(owned, N_card, &card) < 0) return -1;
    long long at = base + 4 * (card - 1);
    if (inside(out, at, 4) < 0 || (sent = truth(get(owned, N_sent))) < 0 ||
        sum_of(get(owned, N_stamps), &stamps) < 0 ||
        sum_of(get(owned, N_souvenirs), &souvenirs) < 0)
        return -1;
    float *b = out->b + at;
    b[sent] = 1.0f; /* held (at) or sent (at + 1) */
    b[2] = ratio(stamps, over5, 5.0);
    b[3] = ratio(souvenirs, over3, 3.0);
    return 0;
}

/* each postcard of cards (a list or tuple of OwnedPostcard) */
static int encode_postcards(PyObject *cards, long long base, Out *out) {
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(cards); i++) {
        PyObject *owned = PySequence_Fast_GET_ITEM(cards, i);
        Py_INCREF(owned); /* reading its fields may run Python code */
        int rc = encode_postcard(owned, base, out);
        Py_DECREF(owned);
        if (rc < 0) return -1;
    }
    return 0;
}

/* one player's seat block at o; hand: the player's hand when already read (the seat's own),
 * else NULL */
static int encode_seat(const Config *c, PyObject *p, PyObject *hand, long long o, Out *out) {
    long long region, itinerary;
    double points, camps;
    int rc = -1, player = attr_equals(p, N_kind, "player");
    if (player < 0) return -1;
    Py_ssize_t held; /* len(p.hand) */
    if (hand != NULL) {
        held = PySequence_Fast_GET_SIZE(hand);
    } else {
        PyObject *value = get(p, N_hand);
        if (value == NULL) return -1;
        held = PyList_CheckExact(value) ? PyList_GET_SIZE(value) : PyObject_Size(value);
        Py_DECREF(value);
        if (held < 0) return -1;
    }
    if (attr_double(p, N_points, &points) < 0 || attr_len_divide(p, N_camps, 15, &camps) < 0 ||
        inside(out, o, 4) < 0)
        return -1;
    out->b[o] = player ? 0.0f : 1.0f; /* an Automa */
    out->b[o + 1] = ratio(held, over5, 5.0);
    out->b[o + 2] = (float)(points / c->points_scale);
    out->b[o + 3] = (float)camps;
    if (attr_int(p, N_region, &region) < 0 || put(out, o + 4 + region - 1, 1.0) < 0 ||
        attr_int(p, N_itinerary, &itinerary) < 0 ||
        put(out, o + 4 + c->regions + itinerary - 1, 1.0) < 0)
        return -1;
    long long base = o + 4 + c->regions + c->itineraries;
    PyObject *items = attr_items(p, N_gifts);
    if (items == NULL) return -1;
    if (add_each(items, out, base, c->gifts, &thirds) < 0) goto done;
    Py_DECREF(items);
    if ((items = attr_items(p, N_postcards)) == NULL) return -1;
    if (encode_postcards(items, base + c->gifts, out) < 0) goto done;
    rc = 0;
done:
    Py_DECREF(items);
    return rc;
}

/* the frame on top of the turn's stack (a new reference), or NULL with no error when the stack
 * is empty or its top is None: `stack[-1] if stack else None` */
static PyObject *top_frame(PyObject *stack, int *error) {
    PyObject *top = NULL;
    *error = 0;
    if (PyList_CheckExact(stack)) {
        Py_ssize_t size = PyList_GET_SIZE(stack);
        if (size > 0) {
            top = PyList_GET_ITEM(stack, size - 1);
            Py_INCREF(top);
        }
    } else {
        int flag = PyObject_IsTrue(stack);
        if (flag > 0) top = PySequence_GetItem(stack, -1);
        if (flag < 0 || (flag > 0 && top == NULL)) {
            *error = 1;
            return NULL;
        }
    }
    if (top == Py_None) Py_CLEAR(top);
    return top;
}

/* write_state(state, me, b), step by step */
static int encode(const Config *c, PyObject *state, long long me, Out *out) {
    const long long n = c->n;
    PyObject *turn = NULL, *stack = NULL, *top = NULL, *kind = NULL, *played = NULL,
             *players = NULL, *hand = NULL, *items = NULL;
    long long v, current, decision;
    double x;
    int flag, rc = -1;

    if ((turn = get(state, N_turn)) == NULL || (stack = get(turn, N_stack)) == NULL) goto done;
    /* the decision: the top frame's kind, else drawing or the main menu */
    top = top_frame(stack, &flag);
    if (flag) goto done;
    flag = 0;
    if (top != NULL && (flag = PyObject_IsTrue(top)) < 0) goto done;
    if (flag) {
        if ((kind = get(top, N_kind)) == NULL) goto done;
        PyObject *index = PyDict_GetItemWithError(c->decision_of, kind);
        if (index == NULL) {
            if (!PyErr_Occurred()) {
                PyObject *key = PyTuple_Pack(1, kind);
                if (key != NULL) {
                    PyErr_SetObject(PyExc_KeyError, key);
                    Py_DECREF(key);
                }
            }
            goto done;
        }
        decision = PyLong_AsLongLong(index); /* checked by configure */
    } else {
        if ((flag = truth(get(turn, N_drawing))) < 0) goto done;
        decision = flag ? c->drawing : c->main;
    }
    if (put(out, c->o_decision + decision, 1.0) < 0) goto done;
    if (attr_int(state, N_current, &current) < 0) goto done;
    if (top != NULL) {
        if (attr_divide(top, N_value, 10, &x) < 0 || put(out, c->o_frame_value, x) < 0) goto done;
        if (kind == NULL && (kind = get(top, N_kind)) == NULL) goto done;
        /* the Hiking Guide's cards: only the drawer sees them */
        if (PyUnicode_Check(kind) && PyUnicode_CompareWithASCIIString(kind, "hiking") == 0 &&
            me == current) {
            if ((items = attr_items(top, N_cards)) == NULL ||
                put_each(items, out, c->o_hiking - 1, 0, NO_SKIP, 1.0) < 0)
                goto done;
            Py_CLEAR(items);
        }
    }
    /* the turn */
    long long o = c->o_turn;
    if ((played = attr_items(turn, N_played)) == NULL) goto done;
    if (put(out, o, ratio(PySequence_Fast_GET_SIZE(played), over3, 3.0)) < 0) goto done;
    if (attr_double(turn, N_plus, &x) < 0 || put(out, o + 1, x) < 0) goto done;
    if (attr_double(turn, N_moves, &x) < 0 || put(out, o + 2, x) < 0) goto done;
    if (attr_double(turn, N_postcards, &x) < 0 || put(out, o + 3, x) < 0) goto done;
    if (attr_double(turn, N_camps, &x) < 0 || put(out, o + 4, x) < 0) goto done;
    if (put(out, c->o_current + floor_mod(current - me, n), 1.0) < 0) goto done;
    /* the game */
    o = c->o_game;
    if (attr_divide(state, N_supply, 60, &x) < 0 || put(out, o, x) < 0) goto done;
    if (attr_divide(state, N_turns, 100, &x) < 0 || put(out, o + 1, x) < 0) goto done;
    if (attr_double(state, N_ending, &x) < 0 || put(out, o + 2, x) < 0) goto done;
    if ((flag = attr_equals(state, N_side, "B")) < 0 || put(out, o + 3, flag) < 0) goto done;
    if ((flag = attr_equals(state, N_edition, "nl")) < 0 || put(out, o + 4, flag) < 0) goto done;
    if (attr_int(state, N_bonus, &v) < 0) goto done;
    if (v >= 0 && put(out, c->o_bonus + floor_mod(v - me, n), 1.0) < 0) goto done;
    /* the seat's own hand (kept for its seat block), then the cards played */
    if ((players = attr_items(state, N_players)) == NULL) goto done;
    if (me >= PySequence_Fast_GET_SIZE(players)) {
        PyErr_SetString(PyExc_IndexError, "list index out of range");
        goto done;
    }
    PyObject *mine = PySequence_Fast_GET_ITEM(players, me);
    Py_INCREF(mine);
    hand = attr_items(mine, N_hand);
    Py_DECREF(mine);
    if (hand == NULL || add_each(hand, out, c->o_hand, c->kinds, &fifths) < 0 ||
        add_each(played, out, c->o_played, c->kinds, &thirds) < 0)
        goto done;
    /* travel cards: the row, the deck, the discard */
    if ((items = attr_items(state, N_travel_row)) == NULL ||
        put_each(items, out, c->o_row, c->kinds, EMPTY, 1.0) < 0)
        goto done;
    Py_CLEAR(items);
    o = c->o_travel;
    if (attr_len_divide(state, N_travel_deck, 100, &x) < 0 || put(out, o, x) < 0) goto done;
    if ((items = attr_items(state, N_travel_discard)) == NULL ||
        add_each(items, out, o + 1, c->kinds, &tenths) < 0)
        goto done;
    Py_CLEAR(items);
    /* postcards: the row's faces, the deck's top face, the piles */
    if ((items = attr_items(state, N_postcard_row)) == NULL) goto done;
    for (Py_ssize_t slot = 0; slot < PySequence_Fast_GET_SIZE(items); slot++) {
        if (item_int(items, slot, &v) < 0) goto done;
        if (v != EMPTY && put_face(c, out, c->o_prow + slot * c->face_size, v) < 0) goto done;
    }
    Py_CLEAR(items);
    if ((items = attr_items(state, N_postcard_deck)) == NULL) goto done;
    Py_ssize_t deck = PySequence_Fast_GET_SIZE(items);
    if (deck > 0 && (item_int(items, deck - 1, &v) < 0 || put_face(c, out, c->o_ptop, v) < 0))
        goto done;
    Py_CLEAR(items);
    if (put(out, c->o_ppiles, (double)deck / 52.0) < 0) goto done;
    if (attr_len_divide(state, N_postcard_discard, 52, &x) < 0 || put(out, c->o_ppiles + 1, x) < 0)
        goto done;
    /* gifts */
    if ((items = attr_items(state, N_gift_row)) == NULL ||
        put_each(items, out, c->o_grow, c->gifts, EMPTY, 1.0) < 0)
        goto done;
    Py_CLEAR(items);
    if (attr_len_divide(state, N_gift_deck, 30, &x) < 0 || put(out, c->o_gpiles, x) < 0) goto done;
    if (attr_len_divide(state, N_gift_discard, 30, &x) < 0 || put(out, c->o_gpiles + 1, x) < 0)
        goto done;
    /* camps, by relative seat */
    if ((items = attr_items(state, N_camp_owner)) == NULL) goto done;
    for (Py_ssize_t site = 0; site < PySequence_Fast_GET_SIZE(items); site++) {
        if (item_int(items, site, &v) < 0) goto done;
        if (v >= 0 && put(out, c->o_camps + site * n + floor_mod(v - me, n), 1.0) < 0) goto done;
    }
    Py_CLEAR(items);
    /* the seats, by relative seat */
    for (Py_ssize_t s = 0; s < PySequence_Fast_GET_SIZE(players); s++) {
        PyObject *p = PySequence_Fast_GET_ITEM(players, s);
        Py_INCREF(p);
        flag = encode_seat(c, p, s == me ? hand : NULL,
                           c->o_seats + floor_mod(s - me, n) * c->seat_size, out);
        Py_DECREF(p);
        if (flag < 0) goto done;
    }
    rc = 0;
done:
    Py_XDECREF(turn);
    Py_XDECREF(stack);
    Py_XDECREF(top);
    Py_XDECREF(kind);
    Py_XDECREF(played);
    Py_XDECREF(players);
    Py_XDECREF(hand);
    Py_XDECREF(items);
    return rc;
}

static PyObject *write_observation(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    const Config *c = mb_write_config(args, nargs, CAPSULE);
    long long seat;
    Py_buffer view;
    if (c == NULL || mb_write_seat_buffer(args, c->n, c->size, &seat, &view) < 0) return NULL;
    Out out = {view.buf, c->size};
    int rc = encode(c, args[1], seat, &out);
    PyBuffer_Release(&view);
    if (rc < 0) return NULL;
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"configure", (PyCFunction)configure, METH_O,
     "configure(encoder) -> config: a PostcardsEncoder's layout, read once."},
    {"write", (PyCFunction)(void (*)(void))write_observation, METH_FASTCALL,
     "write(config, state, seat, buffer): PostcardsEncoder.write_state(state, seat, buffer)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_encoder",
    .m_doc = "PostcardsEncoder.write_state in C (encoder.py is the reference).",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__encoder(void) {
    for (int i = 0; i < N_COUNT; i++) {
        if (names[i] == NULL && (names[i] = PyUnicode_InternFromString(name_text[i])) == NULL)
            return NULL;
    }
    make_tables();
    return PyModule_Create(&module);
}
