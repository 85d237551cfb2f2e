/* The native Post Office observation encoding: PostOfficeEncoder.write_state in C.
 *
 * The reference is write_state in games/post_office/encoder.py: this file writes the same float32
 * numbers, bit for bit (each value computed in double as Python does, then stored as a C float
 * as array('f') does), only faster. tests/rl/test_native_encoders.py holds it to the Python on
 * random positions, on the pure build (msgspec state, Player dataclasses) and on the compiled
 * one (Player a mypyc native class): so fields are read by name, never by struct offset.
 *
 *   configure(encoder) -> config   reads once from the encoder: num_players, size, the feature
 *                                  offsets (o_phase .. o_seats), token_size, seat_size, the goal
 *                                  kinds (goal_of), _phase_at and the token blocks
 *                                  (_token_blocks, made by _fast_tables), and scoring.GOAL_VALUE
 *   write(config, state, seat, buffer) -> None   (the whole buffer: cleared first)
 *                                  reads from the state: phase, round, params.rounds, step,
 *                                  goals_on, supply, discarded, stamp_supply, goal_display,
 *                                  goal_stack, players; per player space, stamps, goals, hand,
 *                                  dealt, pending, placed, goals_won, colour, icon, tape (the
 *                                  seat's own hand and dealt tokens only: the others' sizes)
 *
 * The config also keeps, per seat, the shelving planes last written with the items they were
 * read from: an unchanged shelving is copied, not read again (see "the shelving cache").
 *
 * stamp_value(p) (scoring.py) is p.stamps + GOAL_VALUE * len(p.goals), computed here. Every
 * index written is checked against its feature (so against the buffer): a malformed state
 * raises, it never writes elsewhere.
 */
#include "_encoder.h" /* Python.h, and what the encodings share */

#define CONFIG_NAME "mailbag.games.post_office._encoder.config"
#define PHASES 4     /* PHASES in encoder.py: keep, move, place, seal */
#define PHASE_NAMES 5 /* state.PHASE_NAMES: the four phases and "over" */
#define SLOTS 2      /* token slots shown, dealt and in hand */
#define TRACK 24     /* geometry.TRACK: helper spaces */
#define PARCELS 100  /* a shelving's parcels, 10 x 10 */
#define MAX_SEATS 16
#define EXACT 9007199254740992L /* 2**53: an int up to this is exact in a double */

typedef struct {
    Py_ssize_t size; /* the buffer's floats */
    int seats;
    Py_ssize_t o_phase, o_round, o_supply, o_dealt, o_hand, o_goals, o_seats;
    Py_ssize_t token_size, seat_size, goals;
    long goal_value;
    int phase_at[PHASE_NAMES]; /* phase index by phase number, -1: none */
    Py_ssize_t tokens;
    float *blocks; /* tokens * token_size: each token's block, as _token writes it */
    int cached;          /* the entries of shelving (seats): a seat at or past it is not cached */
    struct Shelving *shelving; /* per absolute seat, its shelving as last read (see below) */
} Config;

/* -- the shelving cache ---------------------------------------------------------------------
 *
 * A shelving changes only in the place and seal phases, so most calls see each player's three
 * lists (colour, icon, tape) as they were at the previous call. Each seat's entry keeps, per
 * plane, the addresses of the items it read (the list's item array, copied) and the 100 floats
 * written from them; when the list holds the very same item addresses again (same length, and
 * memcmp of the item arrays equal), the floats are copied instead of reading the items. (A
 * place changes colour and icon, a seal only tape: so each plane is cached on its own.)
 *
 * Why equal addresses prove equal values: an address only names an object while that object
 * lives; once freed, its memory may hold a new object of another value. So an entry is filled
 * only when every item read is one of small_ints (below): the ints -5..256 that the module
 * took a reference to at init (in CPython, the interpreter's small-int singletons, so the very
 * objects the lists hold). Those objects live as long as the module (we own a reference), so a
 * current item at a cached address is that same object, and an int never changes its value.
 * If any item is another object (a larger int, a subclass, a non-singleton), that plane's
 * entry is dropped and the plane is written from the items, as without the cache. A stale
 * entry (another game, another state) is harmless: its addresses are still the same live
 * singletons, so a match still means the same values. The GIL is held throughout and no Python
 * code runs between reading the item arrays and using them. (write takes the config as const:
 * the layout; the cache it points to is written.)
 */
#define PLANES 3 /* colour + 1, icon, taped */
#define SMALL_LOW (-5)
#define SMALL_HIGH 256
static PyObject *small_ints[SMALL_HIGH - SMALL_LOW + 1]; /* set at module init, never freed */

typedef struct Shelving {
    int valid[PLANES];                /* per plane: items and planes hold it */
    PyObject *items[PLANES][PARCELS]; /* borrowed: each one of small_ints */
    float planes[PLANES][PARCELS];    /* as written from them */
} Shelving;

/* item, of value v, is the module's own small int of that value */
static inline int is_small_int(PyObject *item, long v) {
    return v >= SMALL_LOW && v <= SMALL_HIGH && item == small_ints[v - SMALL_LOW];
}

/* the attribute names, interned once at module init (global state, with small_ints) */
enum {
    N_PHASE, N_ROUND, N_PARAMS, N_ROUNDS, N_STEP, N_GOALS_ON, N_SUPPLY, N_DISCARDED,
    N_STAMP_SUPPLY, N_GOAL_DISPLAY, N_GOAL_STACK, N_PLAYERS, N_SPACE, N_STAMPS, N_GOALS, N_HAND,
    N_DEALT, N_PENDING, N_PLACED, N_GOALS_WON, N_COLOUR, N_ICON, N_TAPE, N_COUNT
};
static const char *const NAME_TEXT[N_COUNT] = {
    "phase", "round", "params", "rounds", "step", "goals_on", "supply", "discarded",
    "stamp_supply", "goal_display", "goal_stack", "players", "space", "stamps", "goals", "hand",
    "dealt", "pending", "placed", "goals_won", "colour", "icon", "tape",
};
static PyObject *names[N_COUNT];

/* -- configure ----------------------------------------------------------------------------- */

static void config_free(PyObject *capsule) {
    Config *config = PyCapsule_GetPointer(capsule, CONFIG_NAME);
    if (config == NULL) {
        PyErr_Clear();
        return;
    }
    PyMem_Free(config->blocks);
    PyMem_Free(config->shelving);
    PyMem_Free(config);
}

/* encoder.<name>, or a TypeError naming it */
static PyObject *encoder_attr(PyObject *encoder, const char *name) {
    PyObject *value = PyObject_GetAttrString(encoder, name);
    if (value == NULL && PyErr_ExceptionMatches(PyExc_AttributeError)) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError,
                     "configure: not a Post Office encoder (%.200s has no attribute '%s')",
                     Py_TYPE(encoder)->tp_name, name);
    }
    return value;
}

/* encoder.<name> as a non-negative integer */
static int encoder_size(PyObject *encoder, const char *name, Py_ssize_t *out) {
    PyObject *value = encoder_attr(encoder, name);
    if (value == NULL) return -1;
    *out = PyLong_Check(value) ? PyLong_AsSsize_t(value) : -1;
    Py_DECREF(value);
    if (*out < 0) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "configure: encoder.%s: a non-negative int expected", name);
        return -1;
    }
    return 0;
}

static int read_phase_at(PyObject *encoder, Config *config) {
    PyObject *table = encoder_attr(encoder, "_phase_at");
    if (table == NULL) return -1;
    int ok = PyList_Check(table) && PyList_GET_SIZE(table) == PHASE_NAMES;
    for (int i = 0; ok && i < PHASE_NAMES; i++) {
        PyObject *item = PyList_GET_ITEM(table, i);
        if (item == Py_None) {
            config->phase_at[i] = -1;
        } else if (PyLong_Check(item)) {
            long phase = PyLong_AsLong(item);
            if (phase < 0 || phase >= PHASES) ok = 0;
            config->phase_at[i] = (int)phase;
        } else {
            ok = 0;
        }
    }
    Py_DECREF(table);
    if (!ok) {
        PyErr_Clear();
        PyErr_SetString(PyExc_TypeError,
                        "configure: encoder._phase_at: a list of 5 phase indices (0..3) or None "
                        "expected");
        return -1;
    }
    return 0;
}

static int read_blocks(PyObject *encoder, Config *config) {
    PyObject *blocks = encoder_attr(encoder, "_token_blocks");
    if (blocks == NULL) return -1;
    if (!PyList_Check(blocks) || PyList_GET_SIZE(blocks) == 0) {
        Py_DECREF(blocks);
        PyErr_SetString(PyExc_TypeError, "configure: encoder._token_blocks: a list expected");
        return -1;
    }
    config->tokens = PyList_GET_SIZE(blocks);
    config->blocks = PyMem_Calloc((size_t)(config->tokens * config->token_size), sizeof(float));
    if (config->blocks == NULL) {
        Py_DECREF(blocks);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t t = 0; t < config->tokens; t++) {
        Py_buffer view;
        if (PyObject_GetBuffer(PyList_GET_ITEM(blocks, t), &view, PyBUF_FORMAT) < 0) {
            Py_DECREF(blocks);
            return -1;
        }
        int ok = view.format != NULL && strcmp(view.format, "f") == 0 && view.itemsize == 4 &&
                 view.len == config->token_size * 4;
        if (ok) memcpy(config->blocks + t * config->token_size, view.buf, (size_t)view.len);
        PyBuffer_Release(&view);
        if (!ok) {
            Py_DECREF(blocks);
            PyErr_SetString(PyExc_TypeError,
                            "configure: encoder._token_blocks: array('f') of token_size expected");
            return -1;
        }
    }
    Py_DECREF(blocks);
    return 0;
}

static int read_goal_value(Config *config) {
    PyObject *scoring = PyImport_ImportModule("mailbag.games.post_office.scoring");
    if (scoring == NULL) return -1;
    PyObject *value = PyObject_GetAttrString(scoring, "GOAL_VALUE");
    Py_DECREF(scoring);
    if (value == NULL) return -1;
    config->goal_value = PyLong_AsLong(value);
    Py_DECREF(value);
    if (config->goal_value == -1 && PyErr_Occurred()) return -1;
    if (config->goal_value < 0 || config->goal_value > 1000) {
        PyErr_SetString(PyExc_ValueError, "configure: scoring.GOAL_VALUE out of range");
        return -1;
    }
    return 0;
}

/* the feature at offset, extent floats long, lies in the buffer */
static int inside(const Config *c, Py_ssize_t offset, Py_ssize_t extent, const char *what) {
    if (offset < 0 || extent < 0 || offset > c->size || extent > c->size - offset) {
        PyErr_Format(PyExc_TypeError, "configure: the encoder's %s lies outside its size", what);
        return -1;
    }
    return 0;
}

static int configure_into(PyObject *encoder, Config *c) {
    Py_ssize_t seats;
    if (encoder_size(encoder, "num_players", &seats) < 0) return -1;
    if (seats < 1 || seats > MAX_SEATS) {
        PyErr_Format(PyExc_TypeError, "configure: num_players must be 1..%d", MAX_SEATS);
        return -1;
    }
    c->seats = (int)seats;
    if (encoder_size(encoder, "size", &c->size) < 0 ||
        encoder_size(encoder, "o_phase", &c->o_phase) < 0 ||
        encoder_size(encoder, "o_round", &c->o_round) < 0 ||
        encoder_size(encoder, "o_supply", &c->o_supply) < 0 ||
        encoder_size(encoder, "o_dealt", &c->o_dealt) < 0 ||
        encoder_size(encoder, "o_hand", &c->o_hand) < 0 ||
        encoder_size(encoder, "o_goals", &c->o_goals) < 0 ||
        encoder_size(encoder, "o_seats", &c->o_seats) < 0 ||
        encoder_size(encoder, "token_size", &c->token_size) < 0 ||
        encoder_size(encoder, "seat_size", &c->seat_size) < 0)
        return -1;
    PyObject *goal_of = encoder_attr(encoder, "goal_of");
    if (goal_of == NULL) return -1;
    c->goals = PyObject_Size(goal_of);
    Py_DECREF(goal_of);
    if (c->goals < 0) return -1;
    if (c->token_size < 1 || c->token_size > 4096 ||
        c->seat_size != TRACK + 7 + c->goals + 3 * PARCELS) {
        PyErr_SetString(PyExc_TypeError,
                        "configure: token_size or seat_size is not a Post Office layout's");
        return -1;
    }
    if (inside(c, c->o_phase, PHASES, "phase") < 0 || inside(c, c->o_round, 3, "round") < 0 ||
        inside(c, c->o_supply, 3, "supply") < 0 ||
        inside(c, c->o_dealt, SLOTS * c->token_size, "dealt") < 0 ||
        inside(c, c->o_hand, SLOTS * c->token_size, "hand") < 0 ||
        inside(c, c->o_goals, c->goals + 1, "goal_display") < 0 ||
        inside(c, c->o_seats, c->seats * c->seat_size, "seats") < 0)
        return -1;
    /* the tables write_state makes on first use */
    if (!PyObject_HasAttrString(encoder, "_token_blocks")) {
        PyObject *made = PyObject_CallMethod(encoder, "_fast_tables", NULL);
        if (made == NULL) {
            if (PyErr_ExceptionMatches(PyExc_AttributeError)) {
                PyErr_Clear();
                PyErr_SetString(PyExc_TypeError,
                                "configure: not a Post Office encoder (no _fast_tables)");
            }
            return -1;
        }
        Py_DECREF(made);
    }
    if (read_phase_at(encoder, c) < 0 || read_blocks(encoder, c) < 0) return -1;
    c->shelving = PyMem_Calloc((size_t)c->seats, sizeof(Shelving)); /* all invalid */
    if (c->shelving == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    c->cached = c->seats;
    return read_goal_value(c);
}

static PyObject *configure(PyObject *self, PyObject *encoder) {
    (void)self;
    Config *config = PyMem_Calloc(1, sizeof(Config));
    if (config == NULL) return PyErr_NoMemory();
    if (configure_into(encoder, config) < 0) {
        PyMem_Free(config->blocks);
        PyMem_Free(config->shelving);
        PyMem_Free(config);
        return NULL;
    }
    PyObject *capsule = PyCapsule_New(config, CONFIG_NAME, config_free);
    if (capsule == NULL) {
        PyMem_Free(config->blocks);
        PyMem_Free(config->shelving);
        PyMem_Free(config);
    }
    return capsule;
}

/* -- write --------------------------------------------------------------------------------- */

/* x / y as Python computes it, stored as a float: a double division of two ints up to 2**53
 * (as Python's int / int, correctly rounded), else Python's own division. y is an object, or
 * NULL for the int den. */
static int quotient(PyObject *x, PyObject *y, long den, float *out) {
    long a = 0, b = den;
    int overflow = 0, fast = PyLong_Check(x);
    if (fast) {
        a = PyLong_AsLongAndOverflow(x, &overflow);
        fast = !overflow && a >= -EXACT && a <= EXACT;
    }
    if (fast && y != NULL) {
        fast = PyLong_Check(y);
        if (fast) {
            b = PyLong_AsLongAndOverflow(y, &overflow);
            fast = !overflow && b >= -EXACT && b <= EXACT;
        }
    }
    if (fast && b != 0) {
        *out = (float)((double)a / (double)b);
        return 0;
    }
    if (PyErr_Occurred()) return -1;
    PyObject *made = NULL;
    if (y == NULL) {
        made = y = PyLong_FromLong(den);
        if (made == NULL) return -1;
    }
    PyObject *q = PyNumber_TrueDivide(x, y);
    Py_XDECREF(made);
    if (q == NULL) return -1;
    double value = PyFloat_AsDouble(q);
    Py_DECREF(q);
    if (value == -1.0 && PyErr_Occurred()) return -1;
    *out = (float)value;
    return 0;
}

/* obj.<name>: a new reference */
static inline PyObject *get(PyObject *obj, int name) { return PyObject_GetAttr(obj, names[name]); }

/* len(obj.<name>) */
static Py_ssize_t len_of(PyObject *obj, int name) {
    PyObject *value = get(obj, name);
    if (value == NULL) return -1;
    Py_ssize_t n = PyObject_Size(value);
    Py_DECREF(value);
    return n;
}

/* obj.<name> / den */
static int ratio_of(PyObject *obj, int name, long den, float *out) {
    PyObject *value = get(obj, name);
    if (value == NULL) return -1;
    int r = quotient(value, NULL, den, out);
    Py_DECREF(value);
    return r;
}

/* a list or tuple of ints: its items (borrowed) and length, or a TypeError */
static int int_items(PyObject *seq, const char *what, PyObject ***items, Py_ssize_t *n) {
    if (!PyList_Check(seq) && !PyTuple_Check(seq)) {
        PyErr_Format(PyExc_TypeError, "%s: a list of ints expected, not %.200s", what,
                     Py_TYPE(seq)->tp_name);
        return -1;
    }
    *items = PySequence_Fast_ITEMS(seq);
    *n = PySequence_Fast_GET_SIZE(seq);
    return 0;
}

/* an exact int of one digit or none (every value here): its value read in place */
static inline int small_int(PyObject *item, long *out) {
    long long v;
    if (!mb_compact_int(item, &v)) return 0;
    *out = (long)v;
    return 1;
}

/* one int item (no Python code runs: the list cannot change under us) */
static inline int int_item(PyObject *item, const char *what, long *out) {
    if (small_int(item, out)) return 0;
    if (!PyLong_Check(item)) {
        PyErr_Format(PyExc_TypeError, "%s: an int expected, not %.200s", what,
                     Py_TYPE(item)->tp_name);
        return -1;
    }
    *out = PyLong_AsLong(item);
    return (*out == -1 && PyErr_Occurred()) ? -1 : 0;
}

/* b[at + k] = 1.0 for each k of obj.<name>, each within 0..limit-1 */
static int mark_each(float *b, Py_ssize_t at, Py_ssize_t limit, PyObject *obj, int name,
                     const char *what) {
    PyObject *seq = get(obj, name);
    if (seq == NULL) return -1;
    PyObject **items;
    Py_ssize_t n;
    int r = int_items(seq, what, &items, &n);
    for (Py_ssize_t i = 0; r == 0 && i < n; i++) {
        long k;
        r = int_item(items[i], what, &k);
        if (r == 0 && (k < 0 || k >= limit)) {
            PyErr_Format(PyExc_ValueError, "%s: %ld is out of range 0..%zd", what, k, limit - 1);
            r = -1;
        }
        if (r == 0) b[at + k] = 1.0f;
    }
    Py_DECREF(seq);
    return r;
}

/* the first SLOTS tokens of obj.<name>, their blocks from at on (a token indexes the blocks
 * as a Python list would: a negative one from the end) */
static int write_tokens(const Config *c, float *b, Py_ssize_t at, PyObject *obj, int name,
                        const char *what) {
    PyObject *seq = get(obj, name);
    if (seq == NULL) return -1;
    PyObject **items;
    Py_ssize_t n;
    int r = int_items(seq, what, &items, &n);
    for (Py_ssize_t slot = 0; r == 0 && slot < n && slot < SLOTS; slot++) {
        long t;
        r = int_item(items[slot], what, &t);
        if (r == 0 && t < 0) t += c->tokens;
        if (r == 0 && (t < 0 || t >= c->tokens)) {
            PyErr_Format(PyExc_IndexError, "%s: token index out of range", what);
            r = -1;
        }
        if (r == 0)
            memcpy(b + at + slot * c->token_size, c->blocks + t * c->token_size,
                   (size_t)c->token_size * sizeof(float));
    }
    Py_DECREF(seq);
    return r;
}

/* one plane of a shelving: PARCELS int items, each written as a float by the plane's kind
 * (colour index + 1, icon index, taped: tape >= 0); *small: every item is one of small_ints */
enum { PLANE_COLOUR, PLANE_ICON, PLANE_TAPED };

static int read_plane(PyObject *const *items, int kind, const char *what, float *out,
                      int *small) {
    int all_small = 1;
    for (int i = 0; i < PARCELS; i++) {
        long v;
        if (int_item(items[i], what, &v) < 0) return -1;
        all_small = all_small && is_small_int(items[i], v);
        switch (kind) {
        case PLANE_COLOUR:
            if (v == LONG_MAX) {
                PyErr_Format(PyExc_OverflowError, "%s: colour too large", what);
                return -1;
            }
            out[i] = (float)(double)(v + 1);
            break;
        case PLANE_ICON:
            out[i] = (float)(double)v;
            break;
        default:
            out[i] = v >= 0 ? 1.0f : 0.0f;
        }
    }
    *small = all_small;
    return 0;
}

/* seat s's shelving, player p's three planes of PARCELS floats from b on: each plane copied
 * from s's cache entry when its list holds the same items as at the last call, else written
 * from the items (and that plane's entry refilled, or dropped) */
static int write_shelving(const Config *c, float *b, int s, PyObject *p) {
    static const int name[PLANES] = {N_COLOUR, N_ICON, N_TAPE};
    static const char *const what[PLANES] = {"player.colour", "player.icon", "player.tape"};
    PyObject *seq[PLANES] = {NULL, NULL, NULL};
    PyObject **items[PLANES];
    int r = 0;
    /* every list first (a getattr may run Python code), then their items: nothing runs meanwhile */
    for (int k = 0; r == 0 && k < PLANES; k++)
        if ((seq[k] = get(p, name[k])) == NULL) r = -1;
    for (int k = 0; r == 0 && k < PLANES; k++) {
        Py_ssize_t n;
        r = int_items(seq[k], what[k], &items[k], &n);
        if (r == 0 && n != PARCELS) {
            PyErr_Format(PyExc_ValueError, "%s: %d parcels expected, not %zd", what[k], PARCELS,
                         n);
            r = -1;
        }
    }
    Shelving *cache = s < c->cached ? &c->shelving[s] : NULL;
    for (int k = 0; r == 0 && k < PLANES; k++) {
        float *out = b + k * PARCELS;
        if (cache == NULL) {
            int small;
            r = read_plane(items[k], k, what[k], out, &small);
        } else if (cache->valid[k] &&
                   memcmp(cache->items[k], items[k], sizeof cache->items[k]) == 0) {
            memcpy(out, cache->planes[k], sizeof cache->planes[k]);
        } else {
            int small = 0;
            r = read_plane(items[k], k, what[k], out, &small);
            cache->valid[k] = r == 0 && small;
            if (cache->valid[k]) {
                memcpy(cache->items[k], items[k], sizeof cache->items[k]);
                memcpy(cache->planes[k], out, sizeof cache->planes[k]);
            }
        }
    }
    for (int k = 0; k < PLANES; k++) Py_XDECREF(seq[k]);
    return r;
}

/* a seat's block from o on: player p, at absolute seat `seat` */
static int write_seat(const Config *c, float *b, Py_ssize_t o, int seat, PyObject *p) {
    PyObject *value;
    long k;
    /* helper space, one-hot */
    if ((value = get(p, N_SPACE)) == NULL) return -1;
    int r = int_item(value, "player.space", &k);
    Py_DECREF(value);
    if (r < 0) return -1;
    if (k < 0 || k >= TRACK) {
        PyErr_Format(PyExc_ValueError, "player.space: %ld is out of range 0..%d", k, TRACK - 1);
        return -1;
    }
    b[o + k] = 1.0f;
    o += TRACK;
    /* stamp value (stamp_value(p): stamps + GOAL_VALUE * len(goals)) and stamps, / 30 */
    PyObject *stamps = get(p, N_STAMPS);
    if (stamps == NULL) return -1;
    Py_ssize_t goals = len_of(p, N_GOALS);
    if (goals < 0) {
        Py_DECREF(stamps);
        return -1;
    }
    long s = 0;
    int overflow = 0;
    if (PyLong_Check(stamps)) s = PyLong_AsLongAndOverflow(stamps, &overflow);
    if (PyLong_Check(stamps) && !overflow && s >= -EXACT && s <= EXACT && goals <= EXACT / 1024) {
        b[o] = (float)((double)(s + c->goal_value * goals) / 30.0);
    } else { /* Python's own arithmetic */
        PyObject *extra = PyLong_FromSsize_t(c->goal_value * goals);
        PyObject *total = extra == NULL ? NULL : PyNumber_Add(stamps, extra);
        Py_XDECREF(extra);
        r = total == NULL ? -1 : quotient(total, NULL, 30, &b[o]);
        Py_XDECREF(total);
    }
    if (r == 0) r = quotient(stamps, NULL, 30, &b[o + 1]);
    Py_DECREF(stamps);
    if (r < 0) return -1;
    b[o + 2] = (float)((double)goals / 4.0);
    Py_ssize_t n;
    if ((n = len_of(p, N_HAND)) < 0) return -1;
    b[o + 3] = (float)((double)n / 2.0);
    if ((n = len_of(p, N_DEALT)) < 0) return -1;
    b[o + 4] = (float)((double)n / 2.0);
    if ((value = get(p, N_PENDING)) == NULL) return -1;
    r = PyObject_IsTrue(value);
    Py_DECREF(value);
    if (r < 0) return -1;
    b[o + 5] = r ? 1.0f : 0.0f;
    /* placements: (len(placed) - placed.count(-1)) / 21 */
    if ((value = get(p, N_PLACED)) == NULL) return -1;
    PyObject **items;
    r = int_items(value, "player.placed", &items, &n);
    Py_ssize_t used = n;
    for (Py_ssize_t i = 0; r == 0 && i < n; i++) {
        r = int_item(items[i], "player.placed", &k);
        if (r == 0 && k == -1) used--;
    }
    Py_DECREF(value);
    if (r < 0) return -1;
    b[o + 6] = (float)((double)used / 21.0);
    o += 7;
    if (mark_each(b, o, c->goals, p, N_GOALS_WON, "player.goals_won") < 0) return -1;
    o += c->goals;
    /* the shelving: three planes */
    return write_shelving(c, b + o, seat, p);
}

/* everything but the buffer checks; the players are held (a new reference each) meanwhile */
static int write_state(const Config *c, PyObject *state, int seat, float *b) {
    PyObject *value, *other;
    long k;
    int r;
    /* phase: _phase_at[state.phase], indexed as a Python list */
    if ((value = get(state, N_PHASE)) == NULL) return -1;
    r = int_item(value, "state.phase", &k);
    Py_DECREF(value);
    if (r < 0) return -1;
    if (k < 0) k += PHASE_NAMES;
    if (k < 0 || k >= PHASE_NAMES) {
        PyErr_SetString(PyExc_IndexError, "state.phase: list index out of range");
        return -1;
    }
    if (c->phase_at[k] >= 0) b[c->o_phase + c->phase_at[k]] = 1.0f;
    /* round / params.rounds, step / 10, goals_on */
    Py_ssize_t o = c->o_round;
    if ((value = get(state, N_ROUND)) == NULL) return -1;
    if ((other = get(state, N_PARAMS)) == NULL) {
        Py_DECREF(value);
        return -1;
    }
    PyObject *rounds = get(other, N_ROUNDS);
    Py_DECREF(other);
    r = rounds == NULL ? -1 : quotient(value, rounds, 0, &b[o]);
    Py_DECREF(value);
    Py_XDECREF(rounds);
    if (r < 0 || ratio_of(state, N_STEP, 10, &b[o + 1]) < 0) return -1;
    if ((value = get(state, N_GOALS_ON)) == NULL) return -1;
    double on = PyFloat_AsDouble(value); /* as array('f') stores it: True 1.0 */
    Py_DECREF(value);
    if (on == -1.0 && PyErr_Occurred()) return -1;
    b[o + 2] = (float)on;
    /* supply, discarded / 100, stamp supply / 130 */
    o = c->o_supply;
    Py_ssize_t n;
    if ((n = len_of(state, N_SUPPLY)) < 0) return -1;
    b[o] = (float)((double)n / 100.0);
    if ((n = len_of(state, N_DISCARDED)) < 0) return -1;
    b[o + 1] = (float)((double)n / 100.0);
    if (ratio_of(state, N_STAMP_SUPPLY, 130, &b[o + 2]) < 0) return -1;
    /* the goal display, the goal stack / 9 */
    if (mark_each(b, c->o_goals, c->goals, state, N_GOAL_DISPLAY, "state.goal_display") < 0)
        return -1;
    if ((n = len_of(state, N_GOAL_STACK)) < 0) return -1;
    b[c->o_goals + c->goals] = (float)((double)n / 9.0);
    /* the players: held while read (reading one may run Python code) */
    if ((value = get(state, N_PLAYERS)) == NULL) return -1;
    if (!PyList_Check(value) && !PyTuple_Check(value)) {
        PyErr_Format(PyExc_TypeError, "state.players: a list expected, not %.200s",
                     Py_TYPE(value)->tp_name);
        Py_DECREF(value);
        return -1;
    }
    if (PySequence_Fast_GET_SIZE(value) != c->seats) {
        PyErr_Format(PyExc_ValueError, "state.players: %d players expected, not %zd", c->seats,
                     PySequence_Fast_GET_SIZE(value));
        Py_DECREF(value);
        return -1;
    }
    PyObject *players[MAX_SEATS];
    for (int s = 0; s < c->seats; s++) {
        players[s] = PySequence_Fast_GET_ITEM(value, s);
        Py_INCREF(players[s]);
    }
    Py_DECREF(value);
    /* the seat's own tokens dealt and in hand */
    r = write_tokens(c, b, c->o_dealt, players[seat], N_DEALT, "player.dealt");
    if (r == 0) r = write_tokens(c, b, c->o_hand, players[seat], N_HAND, "player.hand");
    for (int s = 0; r == 0 && s < c->seats; s++) {
        int rel = ((s - seat) % c->seats + c->seats) % c->seats; /* Python's floor modulo */
        r = write_seat(c, b, c->o_seats + rel * c->seat_size, s, players[s]);
    }
    for (int s = 0; s < c->seats; s++) Py_DECREF(players[s]);
    return r;
}

static PyObject *native_write(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    const Config *c = mb_write_config(args, nargs, CONFIG_NAME);
    long long seat;
    Py_buffer view;
    if (c == NULL || mb_write_seat_buffer(args, c->seats, c->size, &seat, &view) < 0) return NULL;
    int r = write_state(c, args[1], (int)seat, (float *)view.buf);
    PyBuffer_Release(&view);
    if (r < 0) return NULL;
    Py_RETURN_NONE;
}

/* -- the module ---------------------------------------------------------------------------- */

static PyMethodDef methods[] = {
    {"configure", configure, METH_O,
     "configure(encoder) -> config: the layout of a PostOfficeEncoder, read once."},
    {"write", (PyCFunction)(void (*)(void))native_write, METH_FASTCALL,
     "write(config, state, seat, buffer): set the non-zero numbers of seat's observation of "
     "state in buffer (cleared first), as PostOfficeEncoder.write_state does."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_encoder",
    "The native Post Office observation encoding (PostOfficeEncoder.write_state in C).", -1,
    methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__encoder(void) {
    for (long v = SMALL_LOW; v <= SMALL_HIGH; v++) {
        if (small_ints[v - SMALL_LOW] == NULL &&
            (small_ints[v - SMALL_LOW] = PyLong_FromLong(v)) == NULL)
            return NULL;
    }
    for (int i = 0; i < N_COUNT; i++) {
        if (names[i] == NULL && (names[i] = PyUnicode_InternFromString(NAME_TEXT[i])) == NULL)
            return NULL;
    }
    return PyModule_Create(&module);
}
