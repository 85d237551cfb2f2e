/* The RL environments' hot path in C: action masks, and the Match's per-position work.
 *
 * The reference is mailbag/rl/actions.py and mailbag/rl/match.py. ActionTable.indices finds
 * each legal action's index by the identity of the table's own action objects (the game's
 * legal-action generators hand out those very objects), and Match.mask sets those indices in a
 * bytearray: `mask` does both in one pass with a hash table keyed by object address. Any action
 * that is not one of the table's own objects makes it answer None, and the caller looks the
 * actions up in Python (by value).
 *
 * `Core` is Match's position cache and hot path (deciders, legal actions, indices, masks, the
 * observation, carrying out an action) with no Python frame between an environment and the
 * rules: it calls the game's own deciders / legal_actions / apply_in_place and the encoder (its
 * native write where there is one, else encode_state), and keeps what Match keeps, until the
 * next action. Match uses it where this file was built, and its own Python otherwise
 * (MAILBAG_RL_NATIVE=0); tests/rl run the environments both ways.
 *
 * Built with the package where a C compiler is found (an optional extension).
 *
 *   table(actions: tuple) -> table          keeps the tuple (so the addresses stay valid)
 *   mask(table, legal: list) -> (indices: list[int], mask: bytearray) | None
 *   Core(game, table, fallback, refuse, encoder, seats, numpy)   see Core below
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define CAPSULE "mailbag.rl.actions"

typedef struct {
    PyObject *actions; /* the tuple, owned */
    Py_ssize_t count;
    size_t slots; /* a power of two, at least twice count */
    PyObject **keys;
    Py_ssize_t *values;
} Table;

static size_t slot_of(const Table *t, const PyObject *key) {
    uint64_t h = (uint64_t)(uintptr_t)key;
    h ^= h >> 29;
    h *= 0xbf58476d1ce4e5b9ULL;
    h ^= h >> 32;
    return (size_t)h & (t->slots - 1);
}

static void table_free(PyObject *capsule) {
    Table *t = PyCapsule_GetPointer(capsule, CAPSULE);
    if (t == NULL) return;
    Py_XDECREF(t->actions);
    PyMem_Free(t->keys);
    PyMem_Free(t->values);
    PyMem_Free(t);
}

static PyObject *table(PyObject *self, PyObject *actions) {
    (void)self;
    if (!PyTuple_Check(actions)) {
        PyErr_SetString(PyExc_TypeError, "table: a tuple of actions expected");
        return NULL;
    }
    Py_ssize_t count = PyTuple_GET_SIZE(actions);
    size_t slots = 8;
    while (slots < 2 * (size_t)count) slots <<= 1;
    Table *t = PyMem_Calloc(1, sizeof(Table));
    if (t == NULL) return PyErr_NoMemory();
    t->keys = PyMem_Calloc(slots, sizeof(PyObject *));
    t->values = PyMem_Calloc(slots, sizeof(Py_ssize_t));
    if (t->keys == NULL || t->values == NULL) {
        PyMem_Free(t->keys);
        PyMem_Free(t->values);
        PyMem_Free(t);
        return PyErr_NoMemory();
    }
    t->slots = slots;
    t->count = count;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *key = PyTuple_GET_ITEM(actions, i);
        size_t at = slot_of(t, key);
        while (t->keys[at] != NULL && t->keys[at] != key) at = (at + 1) & (slots - 1);
        if (t->keys[at] == NULL) { /* the first index of an object listed twice wins */
            t->keys[at] = key;
            t->values[at] = i;
        }
    }
    Py_INCREF(actions);
    t->actions = actions;
    PyObject *capsule = PyCapsule_New(t, CAPSULE, table_free);
    if (capsule == NULL) {
        Py_DECREF(actions);
        PyMem_Free(t->keys);
        PyMem_Free(t->values);
        PyMem_Free(t);
    }
    return capsule;
}

/* a new bytearray of the table's size, 1 at each of `indices` (ints within the table) */
static PyObject *bytes_of(const Table *t, PyObject *indices) {
    PyObject *bytes = PyByteArray_FromStringAndSize(NULL, t->count);
    if (bytes == NULL) return NULL;
    char *out = PyByteArray_AS_STRING(bytes);
    memset(out, 0, (size_t)t->count);
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(indices); i++) {
        Py_ssize_t index = PyLong_AsSsize_t(PyList_GET_ITEM(indices, i));
        if (index < 0 || index >= t->count) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_ValueError, "index %zd outside the table", index);
            Py_DECREF(bytes);
            return NULL;
        }
        out[index] = 1;
    }
    return bytes;
}

static PyObject *mask(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "mask(table, legal) takes two arguments");
        return NULL;
    }
    Table *t = PyCapsule_GetPointer(args[0], CAPSULE);
    if (t == NULL) {
        PyErr_Clear();
        PyErr_SetString(PyExc_TypeError, "mask: the table must come from table()");
        return NULL;
    }
    PyObject *legal = args[1];
    if (!PyList_Check(legal)) {
        PyErr_SetString(PyExc_TypeError, "mask: the legal actions must be a list");
        return NULL;
    }
    Py_ssize_t n = PyList_GET_SIZE(legal);
    PyObject *indices = PyList_New(n);
    if (indices == NULL) return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *key = PyList_GET_ITEM(legal, i);
        size_t at = slot_of(t, key);
        while (t->keys[at] != NULL && t->keys[at] != key) at = (at + 1) & (t->slots - 1);
        if (t->keys[at] == NULL) { /* not one of the table's objects: look it up by value */
            Py_DECREF(indices);
            Py_RETURN_NONE;
        }
        PyObject *number = PyLong_FromSsize_t(t->values[at]);
        if (number == NULL) {
            Py_DECREF(indices);
            return NULL;
        }
        PyList_SET_ITEM(indices, i, number);
    }
    PyObject *bytes = bytes_of(t, indices);
    PyObject *pair = bytes == NULL ? NULL : PyTuple_Pack(2, indices, bytes);
    Py_DECREF(indices);
    Py_XDECREF(bytes);
    return pair;
}

/* -- Core: the Match's position cache and hot path ------------------------------------------ */

#define MAX_SEATS 8

typedef struct {
    PyObject_HEAD
    PyObject *deciders_fn, *legal_fn, *apply_fn; /* the game's, bound */
    PyObject *table;                             /* the capsule of table() */
    const Table *t;                              /* in it: the actions by address */
    PyObject *fallback; /* ActionTable.indices_and_mask_by_value, for an action not found */
    PyObject *refuse;   /* refuse(seat, index): raises the rules' reason for an illegal index */
    PyObject *encoder;  /* its .native (write, config) or None, read at each observation */
    PyObject *empty, *frombuffer, *float32, *int8, *size; /* numpy's, and the vector size */
    int seats;
    PyObject *state;
    PyObject *deciders;          /* a tuple, or NULL: not asked yet */
    PyObject *legal[MAX_SEATS];  /* lists, or NULL */
    PyObject *indices[MAX_SEATS];
    PyObject *mask[MAX_SEATS];   /* the bytes made with the indices, handed out once */
} Core;

static PyObject *s_native, *s_encode_state, *s_agent_selection, *s_terminations, *s_truncations,
    *s_seat_of, *s_text, *s_action, *s_infos, *s_cumulative, *s_agent_at, *s_dead_step, *s_finish,
    *s_observation, *s_action_mask, *zero;

static void core_forget(Core *c) {
    Py_CLEAR(c->deciders);
    for (int i = 0; i < c->seats; i++) {
        Py_CLEAR(c->legal[i]);
        Py_CLEAR(c->indices[i]);
        Py_CLEAR(c->mask[i]);
    }
}

static int core_traverse(Core *c, visitproc visit, void *arg) {
    Py_VISIT(c->deciders_fn);
    Py_VISIT(c->legal_fn);
    Py_VISIT(c->apply_fn);
    Py_VISIT(c->table);
    Py_VISIT(c->fallback);
    Py_VISIT(c->refuse);
    Py_VISIT(c->encoder);
    Py_VISIT(c->empty);
    Py_VISIT(c->frombuffer);
    Py_VISIT(c->float32);
    Py_VISIT(c->int8);
    Py_VISIT(c->size);
    Py_VISIT(c->state);
    Py_VISIT(c->deciders);
    for (int i = 0; i < c->seats; i++) {
        Py_VISIT(c->legal[i]);
        Py_VISIT(c->indices[i]);
        Py_VISIT(c->mask[i]);
    }
    return 0;
}

static int core_clear(Core *c) {
    core_forget(c);
    Py_CLEAR(c->deciders_fn);
    Py_CLEAR(c->legal_fn);
    Py_CLEAR(c->apply_fn);
    Py_CLEAR(c->table);
    Py_CLEAR(c->fallback);
    Py_CLEAR(c->refuse);
    Py_CLEAR(c->encoder);
    Py_CLEAR(c->empty);
    Py_CLEAR(c->frombuffer);
    Py_CLEAR(c->float32);
    Py_CLEAR(c->int8);
    Py_CLEAR(c->size);
    Py_CLEAR(c->state);
    return 0;
}

static void core_dealloc(Core *c) {
    PyObject_GC_UnTrack(c);
    core_clear(c);
    Py_TYPE(c)->tp_free((PyObject *)c);
}

static int core_init(Core *c, PyObject *args, PyObject *kwargs) {
    static char *names[] = {"game",    "table", "fallback", "refuse",
                            "encoder", "seats", "numpy",    NULL};
    PyObject *game, *table, *fallback, *refuse, *encoder, *numpy;
    int seats;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOOOOiO", names, &game, &table, &fallback,
                                     &refuse, &encoder, &seats, &numpy))
        return -1;
    const Table *t = PyCapsule_GetPointer(table, CAPSULE);
    if (t == NULL) {
        PyErr_Clear();
        PyErr_SetString(PyExc_TypeError, "Core: the table must come from table()");
        return -1;
    }
    if (seats < 1 || seats > MAX_SEATS) {
        PyErr_Format(PyExc_ValueError, "Core: seats must be 1..%d, not %d", MAX_SEATS, seats);
        return -1;
    }
    core_clear(c);
    c->seats = seats;
    c->deciders_fn = PyObject_GetAttrString(game, "deciders");
    c->legal_fn = PyObject_GetAttrString(game, "legal_actions");
    c->apply_fn = PyObject_GetAttrString(game, "apply_in_place");
    c->empty = PyObject_GetAttrString(numpy, "empty");
    c->frombuffer = PyObject_GetAttrString(numpy, "frombuffer");
    c->float32 = c->empty ? PyObject_CallMethod(numpy, "dtype", "s", "float32") : NULL;
    c->int8 = c->float32 ? PyObject_CallMethod(numpy, "dtype", "s", "int8") : NULL;
    c->size = c->int8 ? PyObject_GetAttrString(encoder, "size") : NULL;
    if (c->deciders_fn == NULL || c->legal_fn == NULL || c->apply_fn == NULL || c->size == NULL)
        return -1;
    c->table = Py_NewRef(table);
    c->t = t;
    c->fallback = Py_NewRef(fallback);
    c->refuse = Py_NewRef(refuse);
    c->encoder = Py_NewRef(encoder);
    c->state = Py_NewRef(Py_None);
    return 0;
}

/* the seat number of a Python int: -1 with an error set when it is no seat of this game */
static int seat_of(Core *c, PyObject *obj) {
    long seat = PyLong_AsLong(obj);
    if (seat == -1 && PyErr_Occurred()) return -1;
    if (seat < 0 || seat >= c->seats) {
        PyErr_Format(PyExc_ValueError, "seat %ld is not a seat of this game (0..%d)", seat,
                     c->seats - 1);
        return -1;
    }
    return (int)seat;
}

/* who decides now (borrowed), asked once per position */
static PyObject *deciders_now(Core *c) {
    if (c->deciders == NULL) {
        PyObject *found = PyObject_CallFunctionObjArgs(c->deciders_fn, c->state, NULL);
        if (found == NULL) return NULL;
        if (PyTuple_CheckExact(found)) {
            c->deciders = found;
        } else {
            c->deciders = PySequence_Tuple(found);
            Py_DECREF(found);
            if (c->deciders == NULL) return NULL;
        }
    }
    return c->deciders;
}

/* the seat's legal actions now (borrowed) */
static PyObject *legal_now(Core *c, int seat, PyObject *seat_obj) {
    if (c->legal[seat] == NULL) {
        PyObject *args[2] = {c->state, seat_obj};
        PyObject *found = PyObject_Vectorcall(c->legal_fn, args, 2, NULL);
        if (found == NULL) return NULL;
        if (!PyList_Check(found)) {
            PyErr_Format(PyExc_TypeError, "legal_actions gave a %.200s, not a list",
                         Py_TYPE(found)->tp_name);
            Py_DECREF(found);
            return NULL;
        }
        c->legal[seat] = found;
    }
    return c->legal[seat];
}

/* the seat's legal indices now (borrowed); the mask bytes are made beside them */
static PyObject *indices_now(Core *c, int seat, PyObject *seat_obj) {
    if (c->indices[seat] != NULL) return c->indices[seat];
    PyObject *deciders = deciders_now(c);
    if (deciders == NULL) return NULL;
    int deciding = PySequence_Contains(deciders, seat_obj);
    if (deciding < 0) return NULL;
    if (!deciding) {
        c->indices[seat] = PyList_New(0);
        return c->indices[seat];
    }
    PyObject *legal = legal_now(c, seat, seat_obj);
    if (legal == NULL) return NULL;
    PyObject *args[2] = {c->table, legal};
    PyObject *both = mask(NULL, args, 2);
    if (both == Py_None) {
        Py_DECREF(both);
        both = PyObject_CallOneArg(c->fallback, legal);
    }
    if (both == NULL) return NULL;
    if (!PyTuple_Check(both) || PyTuple_GET_SIZE(both) != 2 ||
        !PyList_Check(PyTuple_GET_ITEM(both, 0)) ||
        !PyByteArray_Check(PyTuple_GET_ITEM(both, 1))) {
        Py_DECREF(both);
        PyErr_SetString(PyExc_TypeError, "indices_and_mask must give (list, bytearray)");
        return NULL;
    }
    c->indices[seat] = Py_NewRef(PyTuple_GET_ITEM(both, 0));
    c->mask[seat] = Py_NewRef(PyTuple_GET_ITEM(both, 1));
    Py_DECREF(both);
    return c->indices[seat];
}

/* a new int8 array of the seat's mask now */
static PyObject *mask_now(Core *c, int seat, PyObject *seat_obj) {
    PyObject *indices = indices_now(c, seat, seat_obj);
    if (indices == NULL) return NULL;
    PyObject *bytes = c->mask[seat]; /* handed out once: no two arrays share memory */
    c->mask[seat] = NULL;
    if (bytes == NULL) {
        bytes = bytes_of(c->t, indices);
        if (bytes == NULL) return NULL;
    }
    PyObject *args[2] = {bytes, c->int8};
    PyObject *array = PyObject_Vectorcall(c->frombuffer, args, 2, NULL);
    Py_DECREF(bytes);
    return array;
}

static PyObject *core_deciders(Core *c, PyObject *unused) {
    (void)unused;
    PyObject *found = deciders_now(c);
    return found == NULL ? NULL : Py_NewRef(found);
}

static PyObject *core_legal(Core *c, PyObject *seat_obj) {
    int seat = seat_of(c, seat_obj);
    if (seat < 0) return NULL;
    PyObject *found = legal_now(c, seat, seat_obj);
    return found == NULL ? NULL : Py_NewRef(found);
}

static PyObject *core_indices(Core *c, PyObject *seat_obj) {
    int seat = seat_of(c, seat_obj);
    if (seat < 0) return NULL;
    PyObject *found = indices_now(c, seat, seat_obj);
    return found == NULL ? NULL : Py_NewRef(found);
}

static PyObject *core_mask(Core *c, PyObject *seat_obj) {
    int seat = seat_of(c, seat_obj);
    if (seat < 0) return NULL;
    return mask_now(c, seat, seat_obj);
}

static PyObject *core_observe(Core *c, PyObject *seat_obj) {
    int seat = seat_of(c, seat_obj);
    if (seat < 0) return NULL;
    PyObject *native = PyObject_GetAttr(c->encoder, s_native);
    if (native == NULL) return NULL;
    PyObject *observation;
    if (native == Py_None) {
        PyObject *args[3] = {c->encoder, c->state, seat_obj};
        observation = PyObject_VectorcallMethod(s_encode_state, args, 3, NULL);
    } else if (PyTuple_Check(native) && PyTuple_GET_SIZE(native) == 2) {
        PyObject *args[2] = {c->size, c->float32};
        observation = PyObject_Vectorcall(c->empty, args, 2, NULL);
        if (observation != NULL) {
            PyObject *wargs[4] = {PyTuple_GET_ITEM(native, 1), c->state, seat_obj, observation};
            PyObject *done = PyObject_Vectorcall(PyTuple_GET_ITEM(native, 0), wargs, 4, NULL);
            if (done == NULL) Py_CLEAR(observation);
            Py_XDECREF(done);
        }
    } else {
        PyErr_SetString(PyExc_TypeError, "encoder.native must be None or (write, config)");
        observation = NULL;
    }
    Py_DECREF(native);
    if (observation == NULL) return NULL;
    PyObject *array = mask_now(c, seat, seat_obj);
    if (array == NULL) {
        Py_DECREF(observation);
        return NULL;
    }
    PyObject *out = PyDict_New();
    if (out == NULL || PyDict_SetItem(out, s_observation, observation) < 0 ||
        PyDict_SetItem(out, s_action_mask, array) < 0)
        Py_CLEAR(out);
    Py_DECREF(observation);
    Py_DECREF(array);
    return out;
}

/* carry out `action` for the seat (the caller checked it), then ask who decides next */
static PyObject *act_now(Core *c, PyObject *seat_obj, PyObject *action) {
    PyObject *state = Py_NewRef(c->state);
    PyObject *args[3] = {state, seat_obj, action};
    PyObject *done = PyObject_Vectorcall(c->apply_fn, args, 3, NULL);
    core_forget(c);
    if (done == NULL) {
        Py_DECREF(state);
        return NULL;
    }
    Py_DECREF(done);
    PyObject *deciders = deciders_now(c);
    Py_DECREF(state);
    return deciders == NULL ? NULL : Py_NewRef(action);
}

static PyObject *core_act(Core *c, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "act(seat, action) takes two arguments");
        return NULL;
    }
    if (seat_of(c, args[0]) < 0) return NULL;
    return act_now(c, args[0], args[1]);
}

/* Match.refuse(seat, index): raises the rules' reason why index is not legal for the seat now;
 * NULL, always */
static PyObject *refuse(Core *c, PyObject *seat, PyObject *index) {
    PyObject *args[2] = {seat, index};
    PyObject *why = PyObject_Vectorcall(c->refuse, args, 2, NULL);
    if (why != NULL) {
        Py_DECREF(why);
        PyErr_Format(PyExc_RuntimeError, "index %R was refused without a reason", index);
    }
    return NULL;
}

static PyObject *core_step(Core *c, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "step(seat, index) takes two arguments");
        return NULL;
    }
    int seat = seat_of(c, args[0]);
    if (seat < 0) return NULL;
    PyObject *indices = indices_now(c, seat, args[0]);
    if (indices == NULL) return NULL;
    Py_ssize_t index = PyNumber_AsSsize_t(args[1], NULL); /* numpy ints too; huge: clipped */
    if (index == -1 && PyErr_Occurred()) return NULL;
    int legal = 0;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(indices) && !legal; i++) {
        Py_ssize_t have = PyLong_AsSsize_t(PyList_GET_ITEM(indices, i));
        if (have == -1 && PyErr_Occurred()) return NULL;
        legal = have == index;
    }
    if (!legal || index < 0 || index >= c->t->count) return refuse(c, args[0], args[1]);
    return act_now(c, args[0], PyTuple_GET_ITEM(c->t->actions, index));
}


/* aec_step(env, action): MailbagAEC.step in C: the agent's index carried out, its infos and
 * cumulative reward, the next agent; a dead step and the end of the game are left to the env's
 * own _dead_step(action) and _finish(). */
static PyObject *core_aec_step(Core *c, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "aec_step(env, action) takes two arguments");
        return NULL;
    }
    PyObject *env = args[0], *result = NULL, *agent = NULL, *seat = NULL, *index = NULL;
    PyObject *chosen = NULL, *text = NULL, *infos = NULL;
    agent = PyObject_GetAttr(env, s_agent_selection);
    if (agent == NULL) goto done;
    for (int i = 0; i < 2; i++) { /* terminations, truncations */
        PyObject *flags = PyObject_GetAttr(env, i ? s_truncations : s_terminations);
        if (flags == NULL) goto done;
        PyObject *flag = PyObject_GetItem(flags, agent);
        Py_DECREF(flags);
        if (flag == NULL) goto done;
        int dead = PyObject_IsTrue(flag);
        Py_DECREF(flag);
        if (dead < 0) goto done;
        if (dead) {
            result = PyObject_CallMethodOneArg(env, s_dead_step, args[1]);
            goto done;
        }
    }
    {
        PyObject *seats = PyObject_GetAttr(env, s_seat_of);
        if (seats == NULL) goto done;
        seat = PyObject_GetItem(seats, agent);
        Py_DECREF(seats);
        if (seat == NULL) goto done;
    }
    if (args[1] == Py_None) { /* a live agent must act: refused, as the Python refuses it */
        refuse(c, seat, Py_None);
        goto done;
    }
    index = PyNumber_Index(args[1]); /* operator.index: a float is refused, not cut */
    if (index == NULL) goto done;
    PyObject *step_args[2] = {seat, index};
    chosen = core_step(c, step_args, 2);
    if (chosen == NULL) goto done;
    {
        PyObject *texts = PyObject_GetAttr(env, s_text);
        if (texts == NULL) goto done;
        text = PyDict_GetItemWithError(texts, index);
        if (text != NULL) {
            Py_INCREF(text);
        } else if (!PyErr_Occurred()) {
            text = PyObject_Str(chosen);
            if (text != NULL && PyDict_SetItem(texts, index, text) < 0) Py_CLEAR(text);
        }
        Py_DECREF(texts);
        if (text == NULL) goto done;
    }
    infos = PyDict_New();
    if (infos == NULL || PyDict_SetItem(infos, s_action, text) < 0) goto done;
    {
        PyObject *all = PyObject_GetAttr(env, s_infos);
        if (all == NULL) goto done;
        int bad = PyObject_SetItem(all, agent, infos);
        Py_DECREF(all);
        if (bad < 0) goto done;
        PyObject *cumulative = PyObject_GetAttr(env, s_cumulative);
        if (cumulative == NULL) goto done;
        bad = PyObject_SetItem(cumulative, agent, zero);
        Py_DECREF(cumulative);
        if (bad < 0) goto done;
    }
    PyObject *deciders = deciders_now(c);
    if (deciders == NULL) goto done;
    if (PyTuple_GET_SIZE(deciders) == 0) {
        result = PyObject_CallMethodNoArgs(env, s_finish);
        goto done;
    }
    {
        PyObject *names = PyObject_GetAttr(env, s_agent_at);
        if (names == NULL) goto done;
        PyObject *next = PyObject_GetItem(names, PyTuple_GET_ITEM(deciders, 0));
        Py_DECREF(names);
        if (next == NULL) goto done;
        int bad = PyObject_SetAttr(env, s_agent_selection, next);
        Py_DECREF(next);
        if (bad < 0) goto done;
    }
    result = Py_NewRef(Py_None);
done:
    Py_XDECREF(agent);
    Py_XDECREF(seat);
    Py_XDECREF(index);
    Py_XDECREF(chosen);
    Py_XDECREF(text);
    Py_XDECREF(infos);
    return result;
}

/* aec_observe(seat_of, agent): MailbagAEC.observe in C */
static PyObject *core_aec_observe(Core *c, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "aec_observe(seat_of, agent) takes two arguments");
        return NULL;
    }
    PyObject *seat = PyObject_GetItem(args[0], args[1]);
    if (seat == NULL) return NULL;
    PyObject *out = core_observe(c, seat);
    Py_DECREF(seat);
    return out;
}

static PyObject *core_forget_method(Core *c, PyObject *unused) {
    (void)unused;
    core_forget(c);
    Py_RETURN_NONE;
}

static PyObject *core_get_state(Core *c, void *closure) {
    (void)closure;
    return Py_NewRef(c->state);
}

static int core_set_state(Core *c, PyObject *value, void *closure) {
    (void)closure;
    if (value == NULL) {
        PyErr_SetString(PyExc_AttributeError, "the state cannot be deleted");
        return -1;
    }
    core_forget(c);
    Py_SETREF(c->state, Py_NewRef(value));
    return 0;
}

static PyMethodDef core_methods[] = {
    {"deciders", (PyCFunction)core_deciders, METH_NOARGS, "who decides now (kept)"},
    {"legal", (PyCFunction)core_legal, METH_O, "the seat's legal actions now (kept)"},
    {"indices", (PyCFunction)core_indices, METH_O, "the seat's legal indices now (kept)"},
    {"mask", (PyCFunction)core_mask, METH_O, "the seat's action mask now, a new array"},
    {"observe", (PyCFunction)core_observe, METH_O, "the seat's observation and mask"},
    {"step", (PyCFunction)(void (*)(void))core_step, METH_FASTCALL,
     "step(seat, index): carry out the index's action, or raise why it is not legal"},
    {"act", (PyCFunction)(void (*)(void))core_act, METH_FASTCALL,
     "act(seat, action): carry out a legal action (the caller checked it)"},
    {"aec_step", (PyCFunction)(void (*)(void))core_aec_step, METH_FASTCALL,
     "aec_step(env, action): MailbagAEC.step (dead steps: env._dead_step; the end: env._finish)"},
    {"aec_observe", (PyCFunction)(void (*)(void))core_aec_observe, METH_FASTCALL,
     "aec_observe(seat_of, agent): MailbagAEC.observe"},
    {"forget", (PyCFunction)core_forget_method, METH_NOARGS, "drop what is kept"},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef core_getset[] = {
    {"state", (getter)core_get_state, (setter)core_set_state,
     "the game state (setting it drops what is kept)", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "mailbag.rl._actions.Core",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "Core(game, table, fallback, refuse, encoder, seats, numpy): the Match's "
              "position cache and hot path (see match.py)",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)core_init,
    .tp_dealloc = (destructor)core_dealloc,
    .tp_traverse = (traverseproc)core_traverse,
    .tp_clear = (inquiry)core_clear,
    .tp_methods = core_methods,
    .tp_getset = core_getset,
};

static PyMethodDef methods[] = {
    {"table", table, METH_O, "table(actions) -> a table of the actions by object identity"},
    {"mask", (PyCFunction)(void (*)(void))mask, METH_FASTCALL,
     "mask(table, legal) -> (indices, mask bytes), or None for an action not in the table"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_actions", "The RL action masks in C (see actions.py).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__actions(void) {
    s_native = PyUnicode_InternFromString("native");
    s_encode_state = PyUnicode_InternFromString("encode_state");
    s_agent_selection = PyUnicode_InternFromString("agent_selection");
    s_terminations = PyUnicode_InternFromString("terminations");
    s_truncations = PyUnicode_InternFromString("truncations");
    s_seat_of = PyUnicode_InternFromString("seat_of");
    s_text = PyUnicode_InternFromString("_text");
    s_action = PyUnicode_InternFromString("action");
    s_infos = PyUnicode_InternFromString("infos");
    s_cumulative = PyUnicode_InternFromString("_cumulative_rewards");
    s_agent_at = PyUnicode_InternFromString("_agent_at");
    s_dead_step = PyUnicode_InternFromString("_dead_step");
    s_finish = PyUnicode_InternFromString("_finish");
    s_observation = PyUnicode_InternFromString("observation");
    s_action_mask = PyUnicode_InternFromString("action_mask");
    zero = PyFloat_FromDouble(0.0);
    if (s_native == NULL || s_encode_state == NULL || s_agent_selection == NULL ||
        s_terminations == NULL || s_truncations == NULL || s_seat_of == NULL || s_text == NULL ||
        s_action == NULL || s_infos == NULL || s_cumulative == NULL || s_agent_at == NULL ||
        s_dead_step == NULL || s_finish == NULL || s_observation == NULL ||
        s_action_mask == NULL || zero == NULL || PyType_Ready(&CoreType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    if (PyModule_AddObjectRef(m, "Core", (PyObject *)&CoreType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
