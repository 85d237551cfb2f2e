/* The seal matcher: bitboard.seal_hits in C, on one 100-bit mask per colour.
 *
 * The rule (PO-6) and the reference are bitboard.seal_hits in Python: which tapes may be laid
 * now, in its order (by colour, then shape, form and first parcel). This file only computes the
 * same list faster, with one 100-bit mask per colour (bit a: parcel a shows that colour and is
 * open) where the Python code shifts one byte-spread integer of 800 bits. A mask is two 64-bit
 * words (portable C99: no 128-bit integer type). setup.py builds it as an optional extension
 * (`pip install -e .`; where it does not build, pip shows the compiler's words and the Python
 * code is used, in both builds; MAILBAG_SEALS_NATIVE=0 turns it off);
 * tests/games/post_office/test_seal_kernel.py holds it to the Python.
 *
 *   prepare(forms) -> kernel     forms: per form (shape, k1, k2, offset in parcels,
 *                                the parcels it may start on, the placement id by first parcel)
 *   hits(colour, tape, placed, kernel) -> [(colour, placement id), ...]
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

/* bits 0..63 in lo, 64..127 in hi (only 0..99 are used) */
typedef struct {
    uint64_t lo, hi;
} mask;

static mask m_and(mask a, mask b) {
    mask r;
    r.lo = a.lo & b.lo;
    r.hi = a.hi & b.hi;
    return r;
}

/* a >> n, for 0 <= n < 128 */
static mask m_shr(mask a, int n) {
    mask r;
    if (n == 0) return a;
    if (n < 64) {
        r.lo = (a.lo >> n) | (a.hi << (64 - n));
        r.hi = a.hi >> n;
    } else {
        r.lo = a.hi >> (n - 64);
        r.hi = 0;
    }
    return r;
}

static void m_set(mask *a, int bit) {
    if (bit < 64)
        a->lo |= (uint64_t)1 << bit;
    else
        a->hi |= (uint64_t)1 << (bit - 64);
}

static int m_any(mask a) { return (a.lo | a.hi) != 0; }

/* the index of the lowest set bit of x (x != 0) */
static int ctz64(uint64_t x) {
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(x);
#else
    static const int debruijn[64] = {
        0,  1,  48, 2,  57, 49, 28, 3,  61, 58, 50, 42, 38, 29, 17, 4,  62, 55, 59, 36, 53, 51,
        43, 22, 45, 39, 33, 30, 24, 18, 12, 5,  63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21,
        44, 32, 23, 11, 46, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9,  13, 8,  7,  6,
    };
    return debruijn[((x & (0 - x)) * UINT64_C(0x03f79d71b4cb0a89)) >> 58];
#endif
}

/* the lowest set bit of *a (*a not empty), cleared */
static int m_pop_lowest(mask *a) {
    int bit;
    if (a->lo) {
        bit = ctz64(a->lo);
        a->lo &= a->lo - 1;
    } else {
        bit = 64 + ctz64(a->hi);
        a->hi &= a->hi - 1;
    }
    return bit;
}

#define PARCELS 100
#define COLUMNS 10
#define MAX_FORMS 64

typedef struct {
    int shape, k1, k2, offset;
    mask starts;
    int pid[PARCELS];
} Form;

typedef struct {
    int count;
    Form forms[MAX_FORMS];
} Kernel;

static void kernel_free(PyObject *capsule) {
    PyMem_Free(PyCapsule_GetPointer(capsule, "mailbag.seals"));
}

static int read_ints(PyObject *list, long *out, Py_ssize_t size, const char *what) {
    if (!PyList_Check(list) || PyList_GET_SIZE(list) != size) {
        PyErr_Format(PyExc_ValueError, "%s: a list of %zd integers expected", what, size);
        return -1;
    }
    for (Py_ssize_t i = 0; i < size; i++) {
        out[i] = PyLong_AsLong(PyList_GET_ITEM(list, i));
        if (out[i] == -1 && PyErr_Occurred()) return -1;
    }
    return 0;
}

static PyObject *prepare(PyObject *self, PyObject *forms) {
    (void)self;
    if (!PyList_Check(forms) || PyList_GET_SIZE(forms) > MAX_FORMS) {
        PyErr_SetString(PyExc_ValueError, "forms: a list of at most 64 forms expected");
        return NULL;
    }
    Kernel *kernel = PyMem_Calloc(1, sizeof(Kernel));
    if (kernel == NULL) return PyErr_NoMemory();
    kernel->count = (int)PyList_GET_SIZE(forms);
    for (int i = 0; i < kernel->count; i++) {
        PyObject *item = PyList_GET_ITEM(forms, i);
        PyObject *starts, *pids;
        Form *form = &kernel->forms[i];
        if (!PyArg_ParseTuple(item, "iiiiO!O!", &form->shape, &form->k1, &form->k2,
                              &form->offset, &PyList_Type, &starts, &PyList_Type, &pids)) {
            PyMem_Free(kernel);
            return NULL;
        }
        if (form->k1 < 0 || form->k1 > 4 || form->k2 < 0 || form->k2 > 4 || form->offset < 0 ||
            form->offset >= PARCELS || form->shape < 0 || form->shape > 3) {
            PyMem_Free(kernel);
            PyErr_SetString(PyExc_ValueError, "forms: a piece, offset or shape out of range");
            return NULL;
        }
        long values[PARCELS];
        if (read_ints(pids, values, PARCELS, "placement ids") < 0) {
            PyMem_Free(kernel);
            return NULL;
        }
        for (int a = 0; a < PARCELS; a++) form->pid[a] = (int)values[a];
        for (Py_ssize_t j = 0; j < PyList_GET_SIZE(starts); j++) {
            long a = PyLong_AsLong(PyList_GET_ITEM(starts, j));
            if (a < 0 || a >= PARCELS) {
                PyMem_Free(kernel);
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_ValueError, "forms: a start parcel out of range");
                return NULL;
            }
            m_set(&form->starts, (int)a);
        }
    }
    PyObject *capsule = PyCapsule_New(kernel, "mailbag.seals", kernel_free);
    if (capsule == NULL) PyMem_Free(kernel);
    return capsule;
}

static PyObject *hits(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "hits(colour, tape, placed, kernel)");
        return NULL;
    }
    Kernel *kernel = PyCapsule_GetPointer(args[3], "mailbag.seals");
    if (kernel == NULL) return NULL;
    long colour[PARCELS], tape[PARCELS], placed[16];
    if (read_ints(args[0], colour, PARCELS, "colour") < 0) return NULL;
    if (read_ints(args[1], tape, PARCELS, "tape") < 0) return NULL;
    if (read_ints(args[2], placed, 16, "placed") < 0) return NULL;
    /* the open parcels of each colour */
    mask open[4] = {{0, 0}, {0, 0}, {0, 0}, {0, 0}};
    for (int a = 0; a < PARCELS; a++) {
        long c = colour[a];
        if (c >= 0 && c < 4 && tape[a] < 0) m_set(&open[c], a);
    }
    PyObject *out = PyList_New(0);
    if (out == NULL) return NULL;
    for (int c = 0; c < 4; c++) {
        const long *unused = &placed[c * 4];
        if (!m_any(open[c]) || (unused[0] >= 0 && unused[1] >= 0 && unused[2] >= 0 && unused[3] >= 0))
            continue;
        /* the pieces of bitboard.form_fits: a parcel, 2 and 3 in a row, 2 and 3 in a column */
        mask m = open[c];
        mask row = m_and(m, m_shr(m, 1));
        mask col = m_and(m, m_shr(m, COLUMNS));
        mask pieces[5];
        pieces[0] = m;
        pieces[1] = row;
        pieces[2] = col;
        pieces[3] = m_and(row, m_shr(row, 1));
        pieces[4] = m_and(col, m_shr(col, COLUMNS));
        for (int i = 0; i < kernel->count; i++) {
            const Form *form = &kernel->forms[i];
            if (unused[form->shape] >= 0) continue;
            mask fits =
                m_and(m_and(pieces[form->k1], m_shr(pieces[form->k2], form->offset)), form->starts);
            while (m_any(fits)) {
                int a = m_pop_lowest(&fits);
                PyObject *hit = Py_BuildValue("(ii)", c, form->pid[a]);
                if (hit == NULL || PyList_Append(out, hit) < 0) {
                    Py_XDECREF(hit);
                    Py_DECREF(out);
                    return NULL;
                }
                Py_DECREF(hit);
            }
        }
    }
    return out;
}

static PyMethodDef methods[] = {
    {"prepare", (PyCFunction)prepare, METH_O, "The kernel of a set of tape forms."},
    {"hits", (PyCFunction)(void (*)(void))hits, METH_FASTCALL,
     "(colour, placement id) of every tape that may be laid now (bitboard.seal_hits)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_seals", "bitboard.seal_hits in C (see bitboard.py).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__seals(void) { return PyModule_Create(&module); }
