/* The native Carteros observation encoding: CarterosEncoder.write_state in C.
 *
 * The reference is write_state in games/carteros/encoder.py: this file writes the same float32
 * numbers, bit for bit (each value computed in double as Python does, then stored as a C float
 * as array('f') does), only faster. tests/rl/test_native_encoders.py holds it to the Python on
 * random positions, on the pure build (dataclass states) and on the compiled one (mypyc native
 * classes): so fields are read by name, never by struct offset.
 *
 *   configure(encoder) -> config   reads once from the encoder: num_players, size, the feature
 *                                  offsets (o_task .. o_carriers), house_size, carrier_size,
 *                                  missions, len(house_kind), task_of, the constants layout()
 *                                  keeps for this file (houses, places, post_office,
 *                                  block_houses, finish_bonus), and from game.components
 *                                  mail_points and each mission's points (mission(n).points)
 *   write(config, state, seat, buffer) -> None   (the whole buffer: cleared first)
 *                                  reads from the state: tasks (each one's kind, n, arg), round,
 *                                  max_rounds, actions_used, replaced, turn_over, final,
 *                                  stampy_mode, current, finisher, known, fresh, floods, stampy,
 *                                  the three decks and discards, mail, hand, mission_decks, pos,
 *                                  boots, debt, missions_done, delivered, played, mission
 *
 * The score (scoring.points) is computed here as write_state does: FINISH_BONUS for the
 * finisher, delivered cards by mail_points, completed missions by their points. Ints read from
 * a state must lie within +-(2**31 - 1) (sums of them stay exact in a double); every index
 * written is checked against the buffer: a malformed state raises, it never writes elsewhere.
 */
#include "_encoder.h"

#define CONFIG_NAME "mailbag.games.carteros._encoder.config"
#define MAX_SEATS 16
#define MAX_HOUSES 64 /* state.fresh is read as a 64-bit mask */
#define MAX_KINDS 256
#define MAX_MISSIONS 256
#define MAX_BLOCKS 64
#define MAX_BLOCK_HOUSES 16
#define LIMIT 2147483647LL       /* the largest |int| read from a state */
#define TABLE_LIMIT 1048576LL    /* the largest |points| of a table: count * points < 2**51 */
#define EXACT 9007199254740992LL /* 2**53: an int up to this is exact in a double */

typedef struct {
    long long size, seats;
    long long o_task, o_task_info, o_turn, o_current, o_finisher, o_houses, o_floods, o_piles,
        o_hand, o_missions, o_carriers;
    long long house_size, unknown, missions, carrier_size;
    long long houses, places, post_office, finish_bonus;
    int mail_kinds, mission_count, blocks;
    long long mail_points[MAX_KINDS];
    long long mission_points[MAX_MISSIONS];
    unsigned char is_mission[MAX_MISSIONS]; /* components.missions[n] is not None */
    int block_size[MAX_BLOCKS];
    long long block_houses[MAX_BLOCKS][MAX_BLOCK_HOUSES];
    PyObject *task_of; /* a private copy of encoder.task_of: decision kind -> index */
} Config;

/* the state's fields, how each is read, and the tasks' attributes; the names are interned once
 * at module init (the only global state) */
enum { AS_SEQ, AS_INT, AS_FLAG, AS_MASK };
enum {
    F_TASKS, F_ROUND, F_MAX_ROUNDS, F_ACTIONS_USED, F_REPLACED, F_TURN_OVER, F_FINAL,
    F_STAMPY_MODE, F_CURRENT, F_FINISHER, F_KNOWN, F_FRESH, F_FLOODS, F_STAMPY, F_HOUSE_DECK,
    F_MAIL_DECK, F_ACTION_DECK, F_HOUSE_DISCARD, F_MAIL_DISCARD, F_ACTION_DISCARD, F_MAIL,
    F_HAND, F_MISSION_DECKS, F_POS, F_BOOTS, F_DEBT, F_MISSIONS_DONE, F_DELIVERED, F_PLAYED,
    F_MISSION, F_COUNT
};
static const struct {
    const char *name, *what;
    int as;
} FIELDS[F_COUNT] = {
    [F_TASKS] = {"tasks", "state.tasks", AS_SEQ},
    [F_ROUND] = {"round", "state.round", AS_INT},
    [F_MAX_ROUNDS] = {"max_rounds", "state.max_rounds", AS_INT},
    [F_ACTIONS_USED] = {"actions_used", "state.actions_used", AS_INT},
    [F_REPLACED] = {"replaced", "state.replaced", AS_FLAG},
    [F_TURN_OVER] = {"turn_over", "state.turn_over", AS_FLAG},
    [F_FINAL] = {"final", "state.final", AS_FLAG},
    [F_STAMPY_MODE] = {"stampy_mode", "state.stampy_mode", AS_FLAG},
    [F_CURRENT] = {"current", "state.current", AS_INT},
    [F_FINISHER] = {"finisher", "state.finisher", AS_INT},
    [F_KNOWN] = {"known", "state.known", AS_SEQ},
    [F_FRESH] = {"fresh", "state.fresh", AS_MASK},
    [F_FLOODS] = {"floods", "state.floods", AS_SEQ},
    [F_STAMPY] = {"stampy", "state.stampy", AS_INT},
    [F_HOUSE_DECK] = {"house_deck", "state.house_deck", AS_SEQ},
    [F_MAIL_DECK] = {"mail_deck", "state.mail_deck", AS_SEQ},
    [F_ACTION_DECK] = {"action_deck", "state.action_deck", AS_SEQ},
    [F_HOUSE_DISCARD] = {"house_discard", "state.house_discard", AS_SEQ},
    [F_MAIL_DISCARD] = {"mail_discard", "state.mail_discard", AS_SEQ},
    [F_ACTION_DISCARD] = {"action_discard", "state.action_discard", AS_SEQ},
    [F_MAIL] = {"mail", "state.mail", AS_SEQ},
    [F_HAND] = {"hand", "state.hand", AS_SEQ},
    [F_MISSION_DECKS] = {"mission_decks", "state.mission_decks", AS_SEQ},
    [F_POS] = {"pos", "state.pos", AS_SEQ},
    [F_BOOTS] = {"boots", "state.boots", AS_SEQ},
    [F_DEBT] = {"debt", "state.debt", AS_SEQ},
    [F_MISSIONS_DONE] = {"missions_done", "state.missions_done", AS_SEQ},
    [F_DELIVERED] = {"delivered", "state.delivered", AS_SEQ},
    [F_PLAYED] = {"played", "state.played", AS_SEQ},
    [F_MISSION] = {"mission", "state.mission", AS_SEQ},
};
enum { T_KIND, T_N, T_ARG, T_COUNT };
static const char *const TASK_NAMES[T_COUNT] = {"kind", "n", "arg"};
static PyObject *field_names[F_COUNT];
static PyObject *task_names[T_COUNT];

/* -- configure ----------------------------------------------------------------------------- */

static void config_free(PyObject *capsule) {
    Config *config = PyCapsule_GetPointer(capsule, CONFIG_NAME);
    if (config == NULL) {
        PyErr_Clear();
        return;
    }
    Py_XDECREF(config->task_of);
    PyMem_Free(config);
}

/* owner.<name>, or a TypeError naming it (owner is called what) */
static PyObject *attr(PyObject *owner, const char *what, const char *name) {
    PyObject *value = PyObject_GetAttrString(owner, name);
    if (value == NULL && PyErr_ExceptionMatches(PyExc_AttributeError)) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError,
                     "configure: not a Carteros encoder (%s, of type %.200s, has no attribute "
                     "'%s')",
                     what, Py_TYPE(owner)->tp_name, name);
    }
    return value;
}

/* value as an int within lo..hi, or a TypeError naming it; value is released */
static int table_int(PyObject *value, const char *what, long long lo, long long hi,
                     long long *out) {
    int overflow = 0;
    long long v = 0;
    int ok = PyLong_Check(value);
    if (ok) {
        v = PyLong_AsLongLongAndOverflow(value, &overflow);
        ok = !overflow && !(v == -1 && PyErr_Occurred()) && v >= lo && v <= hi;
    }
    Py_DECREF(value);
    if (!ok) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "configure: %s: an int in %lld..%lld expected", what, lo,
                     hi);
        return -1;
    }
    *out = v;
    return 0;
}

/* encoder.<name> as an int within lo..hi */
static int encoder_int(PyObject *encoder, const char *name, long long lo, long long hi,
                       long long *out) {
    PyObject *value = attr(encoder, "encoder", name);
    if (value == NULL) return -1;
    return table_int(value, name, lo, hi, out);
}

/* value as a list or tuple of at most max items, or a TypeError naming it */
static int table_seq(PyObject *value, const char *what, Py_ssize_t max) {
    if ((!PyList_Check(value) && !PyTuple_Check(value)) ||
        PySequence_Fast_GET_SIZE(value) > max) {
        PyErr_Format(PyExc_TypeError,
                     "configure: %s: a list or tuple of at most %zd items expected", what, max);
        return -1;
    }
    return 0;
}

static int read_task_of(PyObject *encoder, Config *c) {
    PyObject *task_of = attr(encoder, "encoder", "task_of");
    if (task_of == NULL) return -1;
    if (!PyDict_Check(task_of)) {
        Py_DECREF(task_of);
        PyErr_SetString(PyExc_TypeError, "configure: encoder.task_of: a dict expected");
        return -1;
    }
    c->task_of = PyDict_Copy(task_of);
    Py_DECREF(task_of);
    if (c->task_of == NULL) return -1;
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    long long index;
    while (PyDict_Next(c->task_of, &pos, &key, &value)) {
        Py_INCREF(value);
        if (table_int(value, "encoder.task_of's values", 0, LIMIT, &index) < 0) return -1;
    }
    return 0;
}

static int read_blocks(PyObject *encoder, Config *c) {
    PyObject *blocks = attr(encoder, "encoder", "block_houses");
    if (blocks == NULL) return -1;
    if (table_seq(blocks, "encoder.block_houses", MAX_BLOCKS) < 0) {
        Py_DECREF(blocks);
        return -1;
    }
    c->blocks = (int)PySequence_Fast_GET_SIZE(blocks);
    for (int b = 0; b < c->blocks; b++) {
        PyObject *houses = PySequence_Fast_GET_ITEM(blocks, b);
        if (table_seq(houses, "encoder.block_houses", MAX_BLOCK_HOUSES) < 0) {
            Py_DECREF(blocks);
            return -1;
        }
        c->block_size[b] = (int)PySequence_Fast_GET_SIZE(houses);
        for (int i = 0; i < c->block_size[b]; i++) {
            PyObject *house = PySequence_Fast_GET_ITEM(houses, i);
            Py_INCREF(house);
            if (table_int(house, "encoder.block_houses", 0, c->houses - 1,
                          &c->block_houses[b][i]) < 0) {
                Py_DECREF(blocks);
                return -1;
            }
        }
    }
    Py_DECREF(blocks);
    return 0;
}

/* game.components: mail_points, and each mission's points */
static int read_components(PyObject *encoder, Config *c) {
    PyObject *game = attr(encoder, "encoder", "game");
    if (game == NULL) return -1;
    PyObject *components = attr(game, "encoder.game", "components");
    Py_DECREF(game);
    if (components == NULL) return -1;
    int r = -1;
    PyObject *points = attr(components, "encoder.game.components", "mail_points");
    PyObject *missions = NULL;
    if (points == NULL || table_seq(points, "components.mail_points", MAX_KINDS) < 0) goto done;
    c->mail_kinds = (int)PySequence_Fast_GET_SIZE(points);
    for (int k = 0; k < c->mail_kinds; k++) {
        PyObject *value = PySequence_Fast_GET_ITEM(points, k);
        Py_INCREF(value);
        if (table_int(value, "components.mail_points", -TABLE_LIMIT, TABLE_LIMIT,
                      &c->mail_points[k]) < 0)
            goto done;
    }
    missions = attr(components, "encoder.game.components", "missions");
    if (missions == NULL || table_seq(missions, "components.missions", MAX_MISSIONS) < 0)
        goto done;
    c->mission_count = (int)PySequence_Fast_GET_SIZE(missions);
    for (int number = 0; number < c->mission_count; number++) {
        if (PySequence_Fast_GET_ITEM(missions, number) == Py_None) continue;
        PyObject *mission = PyObject_CallMethod(components, "mission", "i", number);
        if (mission == NULL) goto done;
        PyObject *value = attr(mission, "components.mission(n)", "points");
        Py_DECREF(mission);
        if (value == NULL || table_int(value, "components.mission(n).points", -TABLE_LIMIT,
                                       TABLE_LIMIT, &c->mission_points[number]) < 0)
            goto done;
        c->is_mission[number] = 1;
    }
    r = 0;
done:
    Py_XDECREF(missions);
    Py_XDECREF(points);
    Py_DECREF(components);
    return r;
}

static int configure_into(PyObject *encoder, Config *c) {
    if (encoder_int(encoder, "num_players", 1, MAX_SEATS, &c->seats) < 0 ||
        encoder_int(encoder, "size", 1, LIMIT, &c->size) < 0)
        return -1;
    struct {
        const char *name;
        long long *out;
        long long lo, hi;
    } ints[] = {
        {"o_task", &c->o_task, 0, c->size},
        {"o_task_info", &c->o_task_info, 0, c->size},
        {"o_turn", &c->o_turn, 0, c->size},
        {"o_current", &c->o_current, 0, c->size},
        {"o_finisher", &c->o_finisher, 0, c->size},
        {"o_houses", &c->o_houses, 0, c->size},
        {"o_floods", &c->o_floods, 0, c->size},
        {"o_piles", &c->o_piles, 0, c->size},
        {"o_hand", &c->o_hand, 0, c->size},
        {"o_missions", &c->o_missions, 0, c->size},
        {"o_carriers", &c->o_carriers, 0, c->size},
        {"house_size", &c->house_size, 1, c->size},
        {"carrier_size", &c->carrier_size, 1, c->size},
        {"missions", &c->missions, 0, MAX_MISSIONS},
        {"houses", &c->houses, 1, MAX_HOUSES},
        {"places", &c->places, 0, c->size},
        {"post_office", &c->post_office, -LIMIT, LIMIT},
        {"finish_bonus", &c->finish_bonus, -TABLE_LIMIT, TABLE_LIMIT},
    };
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++) {
        if (encoder_int(encoder, ints[i].name, ints[i].lo, ints[i].hi, ints[i].out) < 0)
            return -1;
    }
    PyObject *house_kind = attr(encoder, "encoder", "house_kind");
    if (house_kind == NULL) return -1;
    c->unknown = PyObject_Size(house_kind);
    Py_DECREF(house_kind);
    if (c->unknown < 0) return -1;
    if (read_task_of(encoder, c) < 0 || read_blocks(encoder, c) < 0) return -1;
    return read_components(encoder, c);
}

static PyObject *configure(PyObject *self, PyObject *encoder) {
    (void)self;
    Config *config = PyMem_Calloc(1, sizeof(Config));
    if (config == NULL) return PyErr_NoMemory();
    if (configure_into(encoder, config) < 0) {
        Py_XDECREF(config->task_of);
        PyMem_Free(config);
        return NULL;
    }
    PyObject *capsule = PyCapsule_New(config, CONFIG_NAME, config_free);
    if (capsule == NULL) {
        Py_XDECREF(config->task_of);
        PyMem_Free(config);
    }
    return capsule;
}

/* -- write --------------------------------------------------------------------------------- */

/* the state's fields: the lists and tuples held (a new reference each), the rest as numbers */
typedef struct {
    PyObject *seq[F_COUNT];
    long long num[F_COUNT];
    float flag[F_COUNT];
    unsigned long long fresh;
} Fields;

/* a list's or tuple's items, borrowed: valid while no Python code runs */
typedef struct {
    PyObject **items;
    Py_ssize_t len;
} Seq;

static int outside(long long at) {
    PyErr_Format(PyExc_ValueError,
                 "write: index %lld is outside the buffer (a malformed state)", at);
    return -1;
}

/* b[index] = value, index checked against the buffer (c and b in scope) */
#define PUT(index, value)                                                                      \
    do {                                                                                       \
        long long at_ = (index);                                                               \
        if (at_ < 0 || at_ >= c->size) return outside(at_);                                    \
        b[at_] = (value);                                                                      \
    } while (0)

/* an int within +-LIMIT (an int only: reading it runs no Python code); a one-digit int, as
 * the counts and indices of a state are, is read in place */
static inline int int_value(PyObject *v, const char *what, long long *out) {
    if (!PyLong_Check(v)) {
        PyErr_Format(PyExc_TypeError, "%s: an int expected, not %.200s", what,
                     Py_TYPE(v)->tp_name);
        return -1;
    }
    if (mb_compact_int(v, out)) return 0;
    int overflow;
    long long x = PyLong_AsLongLongAndOverflow(v, &overflow);
    if (x == -1 && PyErr_Occurred()) return -1;
    if (overflow || x > LIMIT || x < -LIMIT) {
        PyErr_Format(PyExc_ValueError, "%s: an int out of range (beyond +-%lld)", what, LIMIT);
        return -1;
    }
    *out = x;
    return 0;
}

/* a flag as array('f') stores it: float(value) as a C float (True 1.0, False 0.0) */
static inline int flag_value(PyObject *v, const char *what, float *out) {
    double d;
    if (v == Py_True) {
        d = 1.0;
    } else if (v == Py_False) {
        d = 0.0;
    } else if (PyFloat_Check(v)) {
        d = PyFloat_AS_DOUBLE(v);
    } else if (PyLong_Check(v)) {
        d = PyLong_AsDouble(v);
        if (d == -1.0 && PyErr_Occurred()) return -1;
    } else {
        PyErr_Format(PyExc_TypeError, "%s: a bool expected, not %.200s", what,
                     Py_TYPE(v)->tp_name);
        return -1;
    }
    *out = (float)d;
    return 0;
}

static inline int seq_of(PyObject *v, const char *what, Seq *out) {
    if (!PyList_Check(v) && !PyTuple_Check(v)) {
        PyErr_Format(PyExc_TypeError, "%s: a list expected, not %.200s", what,
                     Py_TYPE(v)->tp_name);
        return -1;
    }
    out->items = PySequence_Fast_ITEMS(v);
    out->len = PySequence_Fast_GET_SIZE(v);
    return 0;
}

/* seq[i] (0 <= i), borrowed */
static inline PyObject *item_at(PyObject *seq, long long i, const char *what) {
    if (i >= PySequence_Fast_GET_SIZE(seq)) {
        PyErr_Format(PyExc_IndexError, "%s: index %lld out of range", what, i);
        return NULL;
    }
    return PySequence_Fast_GET_ITEM(seq, i);
}

/* the list seq[i] */
static inline int row(PyObject *seq, long long i, const char *what, Seq *out) {
    PyObject *item = item_at(seq, i, what);
    return item == NULL ? -1 : seq_of(item, what, out);
}

/* the int seq[i] */
static inline int int_at(PyObject *seq, long long i, const char *what, long long *out) {
    PyObject *item = item_at(seq, i, what);
    return item == NULL ? -1 : int_value(item, what, out);
}

/* total += v, refused beyond 2**53 (|v| < 2**51: no overflow) */
static inline int add_exact(long long *total, long long v, const char *what) {
    *total += v;
    if (*total > EXACT || *total < -EXACT) {
        PyErr_Format(PyExc_ValueError, "%s: a sum out of range", what);
        return -1;
    }
    return 0;
}

/* sum(list) */
static inline int sum_of(const Seq *s, const char *what, long long *out) {
    long long total = 0, v;
    for (Py_ssize_t i = 0; i < s->len; i++) {
        if (int_value(s->items[i], what, &v) < 0 || add_exact(&total, v, what) < 0) return -1;
    }
    *out = total;
    return 0;
}

/* x / den as Python's int / int: exact ints divided in double, stored as a float */
static inline float ratio(long long x, double den) { return (float)((double)x / den); }

/* (a % n) as Python's floor modulo, n > 0 */
static inline long long floor_mod(long long a, long long n) {
    long long r = a % n;
    return r < 0 ? r + n : r;
}

static void release(Fields *f) {
    for (int i = 0; i < F_COUNT; i++) Py_CLEAR(f->seq[i]);
}

static int fetch(PyObject *state, Fields *f) {
    for (int i = 0; i < F_COUNT; i++) {
        PyObject *v = PyObject_GetAttr(state, field_names[i]);
        if (v == NULL) return -1;
        int r = 0;
        switch (FIELDS[i].as) {
        case AS_SEQ:
            if (!PyList_Check(v) && !PyTuple_Check(v)) {
                PyErr_Format(PyExc_TypeError, "%s: a list expected, not %.200s", FIELDS[i].what,
                             Py_TYPE(v)->tp_name);
                r = -1;
                break;
            }
            f->seq[i] = v;
            continue;
        case AS_INT:
            r = int_value(v, FIELDS[i].what, &f->num[i]);
            break;
        case AS_FLAG:
            r = flag_value(v, FIELDS[i].what, &f->flag[i]);
            break;
        default: /* a bitmask: its low 64 bits, as Python's >> and & see them */
            if (!PyLong_Check(v)) {
                PyErr_Format(PyExc_TypeError, "%s: an int expected, not %.200s", FIELDS[i].what,
                             Py_TYPE(v)->tp_name);
                r = -1;
                break;
            }
            f->fresh = PyLong_AsUnsignedLongLongMask(v);
            if (f->fresh == (unsigned long long)-1 && PyErr_Occurred()) r = -1;
        }
        Py_DECREF(v);
        if (r < 0) return -1;
    }
    return 0;
}

/* the decision owed: the top task whose kind is a decision (its attributes and the kind's hash
 * may run Python code: the task is held meanwhile, and the list re-read as reversed() does) */
static int write_task(const Config *c, PyObject *tasks, float *b) {
    for (Py_ssize_t i = PySequence_Fast_GET_SIZE(tasks) - 1; i >= 0; i--) {
        if (i >= PySequence_Fast_GET_SIZE(tasks)) break;
        PyObject *task = PySequence_Fast_GET_ITEM(tasks, i);
        Py_INCREF(task);
        PyObject *kind = PyObject_GetAttr(task, task_names[T_KIND]);
        PyObject *index = kind == NULL ? NULL : PyDict_GetItemWithError(c->task_of, kind);
        Py_XDECREF(kind);
        if (index == NULL) {
            Py_DECREF(task);
            if (PyErr_Occurred()) return -1;
            continue;
        }
        long long k = PyLong_AsLongLong(index), n, arg;
        PyObject *value = PyObject_GetAttr(task, task_names[T_N]);
        int r = value == NULL ? -1 : int_value(value, "task.n", &n);
        Py_XDECREF(value);
        if (r == 0) {
            value = PyObject_GetAttr(task, task_names[T_ARG]);
            r = value == NULL ? -1 : int_value(value, "task.arg", &arg);
            Py_XDECREF(value);
        }
        Py_DECREF(task);
        if (r < 0) return -1;
        PUT(c->o_task + 1 + k, 1.0f);
        PUT(c->o_task_info, ratio(n, 3.0));
        PUT(c->o_task_info + 1, ratio(arg + 1, 10.0));
        return 0;
    }
    PUT(c->o_task, 1.0f);
    return 0;
}

/* relative seat's block at o: carrier s (from here on no Python code runs) */
static int write_carrier(const Config *c, const Fields *f, long long s, long long o, float *b) {
    Seq seq, done;
    long long v, total;
    if (int_at(f->seq[F_POS], s, "state.pos", &v) < 0) return -1;
    PUT(o + (v >= 0 ? v : c->houses + (v != c->post_office)), 1.0f);
    o += c->places;
    if (row(f->seq[F_MAIL], s, "state.mail", &seq) < 0 ||
        sum_of(&seq, "state.mail", &total) < 0)
        return -1;
    PUT(o, ratio(total, 5.0));
    if (row(f->seq[F_HAND], s, "state.hand", &seq) < 0 ||
        sum_of(&seq, "state.hand", &total) < 0)
        return -1;
    PUT(o + 1, ratio(total, 3.0));
    PyObject *boots = item_at(f->seq[F_BOOTS], s, "state.boots");
    float flag;
    if (boots == NULL || flag_value(boots, "state.boots", &flag) < 0) return -1;
    PUT(o + 2, flag);
    if (int_at(f->seq[F_DEBT], s, "state.debt", &v) < 0) return -1;
    PUT(o + 3, ratio(v, 3.0));
    if (row(f->seq[F_MISSIONS_DONE], s, "state.missions_done", &done) < 0) return -1;
    PUT(o + 5, ratio(done.len, 3.0));
    long long score_at = o + 4;
    o += 6;
    /* the score, as scoring.points adds it */
    long long points = f->num[F_FINISHER] == s ? c->finish_bonus : 0;
    if (row(f->seq[F_DELIVERED], s, "state.delivered", &seq) < 0) return -1;
    for (Py_ssize_t kind = 0; kind < seq.len; kind++) {
        if (int_value(seq.items[kind], "state.delivered", &v) < 0) return -1;
        if (v) {
            PUT(o, (float)((double)v * 0.1));
            if (kind >= c->mail_kinds) {
                PyErr_SetString(PyExc_IndexError,
                                "state.delivered: more kinds than components.mail_points");
                return -1;
            }
            if (add_exact(&points, v * c->mail_points[kind], "the score") < 0) return -1;
        }
        o++;
    }
    if (row(f->seq[F_PLAYED], s, "state.played", &seq) < 0) return -1;
    for (Py_ssize_t i = 0; i < seq.len; i++) {
        if (int_value(seq.items[i], "state.played", &v) < 0) return -1;
        if (v) PUT(o, (float)((double)v * 0.2));
        o++;
    }
    for (Py_ssize_t i = 0; i < done.len; i++) {
        if (int_value(done.items[i], "state.missions_done", &v) < 0) return -1;
        if (v < 0 || v >= c->mission_count || !c->is_mission[v]) {
            PyErr_Format(PyExc_ValueError, "state.missions_done: no mission %lld", v);
            return -1;
        }
        if (add_exact(&points, c->mission_points[v], "the score") < 0) return -1;
    }
    PUT(score_at, ratio(points, 20.0));
    if (int_at(f->seq[F_MISSION], s, "state.mission", &v) < 0) return -1;
    if (v) PUT(o + v, 1.0f);
    o += c->missions;
    if (row(f->seq[F_KNOWN], s, "state.known", &seq) < 0) return -1;
    for (Py_ssize_t h = 0; h < seq.len; h++) {
        if (int_value(seq.items[h], "state.known", &v) < 0) return -1;
        if (v >= 0) PUT(o + h, 1.0f);
    }
    return 0;
}

/* everything after the tasks (no Python code runs: the borrowed items stay valid) */
static int write_rest(const Config *c, const Fields *f, long long me, float *b) {
    const long long n = c->seats;
    Seq seq;
    long long v;
    /* the turn */
    long long o = c->o_turn;
    if (f->num[F_MAX_ROUNDS] == 0) {
        PyErr_SetString(PyExc_ZeroDivisionError, "division by zero (state.max_rounds)");
        return -1;
    }
    PUT(o, (float)((double)f->num[F_ROUND] / (double)f->num[F_MAX_ROUNDS]));
    PUT(o + 1, ratio(f->num[F_ACTIONS_USED], 3.0));
    PUT(o + 2, f->flag[F_REPLACED]);
    PUT(o + 3, f->flag[F_TURN_OVER]);
    PUT(o + 4, f->flag[F_FINAL]);
    PUT(o + 5, f->flag[F_STAMPY_MODE]);
    PUT(c->o_current + floor_mod(f->num[F_CURRENT] - me, n), 1.0f);
    if (f->num[F_FINISHER] >= 0) PUT(c->o_finisher + floor_mod(f->num[F_FINISHER] - me, n), 1.0f);
    /* the houses: kinds this seat saw, fresh, flooded, Stampy */
    const long long hs = c->house_size, unknown = c->unknown;
    o = c->o_houses;
    if (row(f->seq[F_KNOWN], me, "state.known", &seq) < 0) return -1;
    for (Py_ssize_t h = 0; h < seq.len; h++) {
        if (int_value(seq.items[h], "state.known", &v) < 0) return -1;
        PUT(o + h * hs + (v < 0 ? unknown : v), 1.0f);
    }
    if (f->fresh) {
        for (long long h = 0; h < c->houses; h++) {
            if (f->fresh >> h & 1) PUT(o + h * hs + unknown + 1, 1.0f);
        }
    }
    if (seq_of(f->seq[F_FLOODS], "state.floods", &seq) < 0) return -1;
    for (Py_ssize_t i = 0; i < seq.len; i++) {
        if (int_value(seq.items[i], "state.floods", &v) < 0) return -1;
        if (v < 0) continue;
        PUT(c->o_floods + v, 1.0f);
        if (v >= c->blocks) {
            PyErr_Format(PyExc_IndexError, "state.floods: no block %lld", v);
            return -1;
        }
        for (int j = 0; j < c->block_size[v]; j++)
            PUT(o + c->block_houses[v][j] * hs + unknown + 2, 1.0f);
    }
    if (f->num[F_STAMPY] >= 0) PUT(o + f->num[F_STAMPY] * hs + unknown + 3, 1.0f);
    /* the piles: deck sizes / 40, discards per kind / 10 */
    o = c->o_piles;
    PUT(o, ratio(PySequence_Fast_GET_SIZE(f->seq[F_HOUSE_DECK]), 40.0));
    PUT(o + 1, ratio(PySequence_Fast_GET_SIZE(f->seq[F_MAIL_DECK]), 40.0));
    PUT(o + 2, ratio(PySequence_Fast_GET_SIZE(f->seq[F_ACTION_DECK]), 40.0));
    o += 3;
    static const int discards[3] = {F_HOUSE_DISCARD, F_MAIL_DISCARD, F_ACTION_DISCARD};
    for (int d = 0; d < 3; d++) {
        const char *what = FIELDS[discards[d]].what;
        if (seq_of(f->seq[discards[d]], what, &seq) < 0) return -1;
        for (Py_ssize_t i = 0; i < seq.len; i++) {
            if (int_value(seq.items[i], what, &v) < 0) return -1;
            if (v) PUT(o, ratio(v, 10.0));
            o++;
        }
    }
    /* the seat's hand: Mail cards * 0.2, Action cards * (1 / 3) */
    o = c->o_hand;
    if (row(f->seq[F_MAIL], me, "state.mail", &seq) < 0) return -1;
    for (Py_ssize_t i = 0; i < seq.len; i++) {
        if (int_value(seq.items[i], "state.mail", &v) < 0) return -1;
        if (v) PUT(o, (float)((double)v * 0.2));
        o++;
    }
    if (row(f->seq[F_HAND], me, "state.hand", &seq) < 0) return -1;
    for (Py_ssize_t i = 0; i < seq.len; i++) {
        if (int_value(seq.items[i], "state.hand", &v) < 0) return -1;
        if (v) PUT(o, (float)((double)v * (1.0 / 3.0)));
        o++;
    }
    /* the missions on offer (each deck's top), the first two decks' sizes / 6 */
    o = c->o_missions;
    if (seq_of(f->seq[F_MISSION_DECKS], "state.mission_decks", &seq) < 0) return -1;
    for (Py_ssize_t pile = 0; pile < seq.len; pile++) {
        Seq deck;
        if (seq_of(seq.items[pile], "state.mission_decks", &deck) < 0) return -1;
        if (deck.len == 0) continue;
        if (int_value(deck.items[deck.len - 1], "state.mission_decks", &v) < 0) return -1;
        PUT(o + pile * c->missions + v, 1.0f);
    }
    o += 2 * c->missions;
    for (Py_ssize_t pile = 0; pile < seq.len && pile < 2; pile++) {
        PUT(o + pile, ratio(PySequence_Fast_GET_SIZE(seq.items[pile]), 6.0));
    }
    /* the carriers, by relative seat */
    for (long long s = 0; s < n; s++) {
        long long at = c->o_carriers + floor_mod(s - me, n) * c->carrier_size;
        if (write_carrier(c, f, s, at, b) < 0) return -1;
    }
    return 0;
}

static PyObject *native_write(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    const Config *c = mb_write_config(args, nargs, CONFIG_NAME);
    long long seat;
    Py_buffer view;
    if (c == NULL || mb_write_seat_buffer(args, c->seats, c->size, &seat, &view) < 0) return NULL;
    Fields fields;
    memset(fields.seq, 0, sizeof fields.seq);
    float *b = view.buf;
    int r = fetch(args[1], &fields);
    if (r == 0) r = write_task(c, fields.seq[F_TASKS], b);
    if (r == 0) r = write_rest(c, &fields, seat, b);
    release(&fields);
    PyBuffer_Release(&view);
    if (r < 0) return NULL;
    Py_RETURN_NONE;
}

/* -- the module ---------------------------------------------------------------------------- */

static PyMethodDef methods[] = {
    {"configure", configure, METH_O,
     "configure(encoder) -> config: the layout of a CarterosEncoder, read once."},
    {"write", (PyCFunction)(void (*)(void))native_write, METH_FASTCALL,
     "write(config, state, seat, buffer): set the non-zero numbers of seat's observation of "
     "state in buffer (cleared first), as CarterosEncoder.write_state does."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_encoder",
    "The native Carteros observation encoding (CarterosEncoder.write_state in C).", -1,
    methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__encoder(void) {
    for (int i = 0; i < F_COUNT; i++) {
        if (field_names[i] == NULL &&
            (field_names[i] = PyUnicode_InternFromString(FIELDS[i].name)) == NULL)
            return NULL;
    }
    for (int i = 0; i < T_COUNT; i++) {
        if (task_names[i] == NULL &&
            (task_names[i] = PyUnicode_InternFromString(TASK_NAMES[i])) == NULL)
            return NULL;
    }
    return PyModule_Create(&module);
}
