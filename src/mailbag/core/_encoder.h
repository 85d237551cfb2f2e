/* What the games' native observation encodings (games/<game>/_encoder.c, the C twins of their
 * encoder.py: see core/encoding.py) share: the checks of write(config, state, seat, buffer)'s
 * arguments, and reading a small int in place.
 *
 * Each encoding includes this file (setup.py puts src/mailbag/core on the include path); every
 * function is static, so each extension has its own.
 */
#ifndef MAILBAG_ENCODER_H
#define MAILBAG_ENCODER_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

/* An exact int small enough to be stored in one digit (every count and index of a state),
 * read in place without a call: 1 and its value, or 0 when it is anything else. */
static inline int mb_compact_int(PyObject *v, long long *out) {
    if (!PyLong_CheckExact(v)) return 0;
#if PY_VERSION_HEX >= 0x030C0000
    if (!PyUnstable_Long_IsCompact((PyLongObject *)v)) return 0;
    *out = (long long)PyUnstable_Long_CompactValue((PyLongObject *)v);
#else
    Py_ssize_t digits = Py_SIZE(v);
    if (digits < -1 || digits > 1) return 0;
    *out = digits == 0 ? 0 : (long long)digits * (long long)((PyLongObject *)v)->ob_digit[0];
#endif
    return 1;
}

/* a buffer format of native float32 items */
static inline int mb_float32_format(const char *format) {
    if (format == NULL) return 0;
    if (format[0] == '@' || format[0] == '=' || (PY_LITTLE_ENDIAN && format[0] == '<')) format++;
    return strcmp(format, "f") == 0;
}

/* write(config, state, seat, buffer)'s config: the pointer in the capsule named `capsule` that
 * configure made, or NULL with a TypeError. */
static inline void *mb_write_config(PyObject *const *args, Py_ssize_t nargs,
                                    const char *capsule) {
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "write(config, state, seat, buffer): 4 arguments");
        return NULL;
    }
    void *config = PyCapsule_CheckExact(args[0]) ? PyCapsule_GetPointer(args[0], capsule) : NULL;
    if (config == NULL) {
        PyErr_Clear();
        PyErr_SetString(PyExc_TypeError, "write: config must be what configure(encoder) returned");
    }
    return config;
}

/* write(config, state, seat, buffer)'s seat (0 <= seat < seats) and buffer (writable,
 * C-contiguous, `size` native float32s), which is cleared: a write sets every number. 0, or -1
 * with an exception naming the argument (the buffer then not held). */
static inline int mb_write_seat_buffer(PyObject *const *args, long long seats, long long size,
                                       long long *seat, Py_buffer *view) {
    if (!PyLong_Check(args[2])) {
        PyErr_Format(PyExc_TypeError, "write: seat must be an int, not %.200s",
                     Py_TYPE(args[2])->tp_name);
        return -1;
    }
    int overflow;
    *seat = PyLong_AsLongLongAndOverflow(args[2], &overflow);
    if (*seat == -1 && PyErr_Occurred()) return -1;
    if (overflow || *seat < 0 || *seat >= seats) {
        PyErr_Format(PyExc_ValueError, "write: seat %R is out of range 0..%lld", args[2],
                     seats - 1);
        return -1;
    }
    /* PyBUF_ND too: a memoryview gives its format only with its shape (still contiguous) */
    if (PyObject_GetBuffer(args[3], view, PyBUF_WRITABLE | PyBUF_FORMAT | PyBUF_ND) < 0) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError,
                     "write: buffer must be a writable, contiguous buffer of floats, not %.200s",
                     Py_TYPE(args[3])->tp_name);
        return -1;
    }
    if (view->itemsize != 4 || !mb_float32_format(view->format) || view->len != 4 * size) {
        PyErr_Format(PyExc_ValueError,
                     "write: buffer must hold %lld floats (format 'f'), not %zd bytes of '%s'",
                     size, view->len, view->format != NULL ? view->format : "B");
        PyBuffer_Release(view);
        return -1;
    }
    memset(view->buf, 0, (size_t)view->len);
    return 0;
}

#endif
