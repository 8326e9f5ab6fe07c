/* Loading a whole input into memory (inflating gzip when zlib is there) and scanning it by line. */
#include "config.h"

#include "input.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#ifdef HAVE_ZLIB
#include <zlib.h>
#endif

static int is_gzip(const char *data, size_t len)
{
    return len >= 2 && (unsigned char)data[0] == 0x1f && (unsigned char)data[1] == 0x8b;
}

/* Grows *buf to at least need bytes, doubling so that long pipes stay linear. */
static int grow(char **buf, size_t *cap, size_t need)
{
    if (need <= *cap)
        return MVC_OK;
    size_t cap2 = *cap ? *cap : 65536;
    while (cap2 < need) {
        if (cap2 > SIZE_MAX / 2)
            return MVC_ENOMEM;
        cap2 *= 2;
    }
    char *b = realloc(*buf, cap2);
    if (b == NULL)
        return MVC_ENOMEM;
    *buf = b;
    *cap = cap2;
    return MVC_OK;
}

/* Reads fd to its end; regular files are read into one buffer of the right size. */
static int read_fd(int fd, const char *name, char **out, size_t *out_len, struct error *err)
{
    struct stat st;
    size_t cap = 0, len = 0;
    char *buf = NULL;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
        if ((uintmax_t)st.st_size >= SIZE_MAX)
            return error_set(err, MVC_ENOMEM, "%s: file too large to load", name);
        if (grow(&buf, &cap, (size_t)st.st_size + 1) != MVC_OK)
            return error_set(err, MVC_ENOMEM, "%s: out of memory loading %lld bytes", name,
                             (long long)st.st_size);
    }
    for (;;) {
        if (len + 1 >= cap && grow(&buf, &cap, len + 2) != MVC_OK) {
            free(buf);
            return error_set(err, MVC_ENOMEM, "%s: out of memory after %zu bytes", name, len);
        }
        size_t want = cap - len - 1;
        if (want > (size_t)1 << 30)
            want = (size_t)1 << 30;
        ssize_t got = read(fd, buf + len, want);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            int e = errno;
            free(buf);
            return error_set(err, MVC_EIO, "%s: %s", name, strerror(e));
        }
        if (got == 0)
            break;
        len += (size_t)got;
    }
    buf[len] = '\0';
    *out = buf;
    *out_len = len;
    return MVC_OK;
}

#ifdef HAVE_ZLIB
/*
 * Inflates gzip data in memory. Members may be concatenated (as "cat a.gz b.gz"
 * makes them); anything else after a member is refused rather than dropped.
 */
static int inflate_gzip(const char *name, const char *src, size_t src_len, char **out,
                        size_t *out_len, struct error *err)
{
    struct source_pos pos = {name, 0};
    z_stream z;
    memset(&z, 0, sizeof z);
    if (inflateInit2(&z, 15 + 16) != Z_OK)
        return error_set(err, MVC_ENOMEM, "%s: cannot start gzip decompression", name);
    size_t cap = 0, len = 0, fed = 0;
    char *buf = NULL;
    int status = MVC_OK;
    if (grow(&buf, &cap, src_len < SIZE_MAX / 4 ? src_len * 4 + 1 : src_len) != MVC_OK) {
        inflateEnd(&z);
        return error_set(err, MVC_ENOMEM, "%s: out of memory decompressing", name);
    }
    for (;;) {
        if (z.avail_in == 0 && fed < src_len) {
            size_t chunk = src_len - fed < UINT_MAX ? src_len - fed : UINT_MAX;
            z.next_in = (Bytef *)(uintptr_t)(src + fed);
            z.avail_in = (uInt)chunk;
            fed += chunk;
        }
        if (len + 1 >= cap && grow(&buf, &cap, len + 2) != MVC_OK) {
            status = error_set(err, MVC_ENOMEM, "%s: out of memory decompressing", name);
            break;
        }
        size_t room = cap - len - 1 < UINT_MAX ? cap - len - 1 : UINT_MAX;
        z.next_out = (Bytef *)(buf + len);
        z.avail_out = (uInt)room;
        int ret = inflate(&z, Z_NO_FLUSH);
        len += room - z.avail_out;
        if (ret == Z_STREAM_END) {
            size_t consumed = fed - z.avail_in;
            if (consumed == src_len)
                break;
            if (!is_gzip(src + consumed, src_len - consumed)) {
                status = error_at(err, &pos, "unexpected data after the gzip stream");
                break;
            }
            inflateReset(&z);
            z.next_in = (Bytef *)(uintptr_t)(src + consumed);
            z.avail_in = (uInt)(src_len - consumed < UINT_MAX ? src_len - consumed : UINT_MAX);
            fed = consumed + z.avail_in;
        } else if (ret == Z_BUF_ERROR) {
            if (z.avail_out != 0 && z.avail_in == 0 && fed == src_len) {
                status = error_at(err, &pos, "truncated gzip data");
                break;
            }
        } else if (ret == Z_MEM_ERROR) {
            status = error_set(err, MVC_ENOMEM, "%s: out of memory decompressing", name);
            break;
        } else if (ret != Z_OK) {
            status = error_at(err, &pos, "corrupt gzip data (%s)", z.msg ? z.msg : "zlib error");
            break;
        }
    }
    inflateEnd(&z);
    if (status != MVC_OK) {
        free(buf);
        return status;
    }
    buf[len] = '\0';
    *out = buf;
    *out_len = len;
    return MVC_OK;
}
#endif

static void release_data(struct input *in)
{
    if (in->mapped > 0)
        munmap((void *)(uintptr_t)in->data, in->mapped);
    else
        free((void *)(uintptr_t)in->data);
    in->data = NULL;
    in->len = 0;
    in->mapped = 0;
}

/* Replaces gzip content by its inflated form, or refuses it in a build without zlib. */
static int decompress(struct input *in, struct error *err)
{
    if (!is_gzip(in->data, in->len))
        return MVC_OK;
#ifdef HAVE_ZLIB
    char *plain = NULL;
    size_t plain_len = 0;
    int status = inflate_gzip(in->name, in->data, in->len, &plain, &plain_len, err);
    if (status != MVC_OK)
        return status;
    release_data(in);
    in->data = plain;
    in->len = plain_len;
    return MVC_OK;
#else
    struct source_pos pos = {in->name, 0};
    error_at(err, &pos, "gzip-compressed input, but this build has no zlib: decompress it first");
    return MVC_EUNSUPPORTED;
#endif
}

/*
 * Maps a regular file, which saves copying it. POSIX zero-fills the rest of
 * the last page, so that byte is the NUL the scanner needs; a file whose size
 * is a multiple of the page size has no such byte and is read instead.
 */
static int map_file(int fd, struct input *in)
{
    struct stat st;
    long page = sysconf(_SC_PAGESIZE);
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size <= 0 || page <= 0 ||
        st.st_size % page == 0 || (uintmax_t)st.st_size >= SIZE_MAX)
        return 0;
    size_t len = (size_t)st.st_size;
    void *p = mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, 0);
    if (p == MAP_FAILED)
        return 0;
    posix_madvise(p, len, POSIX_MADV_SEQUENTIAL);
    in->data = p;
    in->len = len;
    in->mapped = len;
    return 1;
}

const char *input_name_of(const char *path)
{
    return strcmp(path, "-") == 0 ? INPUT_STDIN_NAME : path;
}

int input_load(const char *path, struct input *in, struct error *err)
{
    memset(in, 0, sizeof *in);
    int from_stdin = strcmp(path, "-") == 0;
    in->name = input_name_of(path);
    int fd = from_stdin ? STDIN_FILENO : open(path, O_RDONLY);
    if (fd < 0)
        return error_set(err, MVC_EIO, "%s: %s", path, strerror(errno));
    int status = MVC_OK;
    /* Standard input is read, never mapped: its offset need not be 0. */
    if (from_stdin || !map_file(fd, in)) {
        char *data = NULL;
        status = read_fd(fd, in->name, &data, &in->len, err);
        in->data = data;
    }
    if (!from_stdin)
        close(fd);
    if (status == MVC_OK)
        status = decompress(in, err);
    if (status != MVC_OK)
        input_free(in);
    return status;
}

int input_from_memory(const char *name, const void *data, size_t len, struct input *in,
                      struct error *err)
{
    memset(in, 0, sizeof *in);
    in->name = name;
    char *copy = malloc(len + 1);
    if (copy == NULL)
        return error_set(err, MVC_ENOMEM, "%s: out of memory for %zu bytes", name, len);
    if (len > 0)
        memcpy(copy, data, len);
    copy[len] = '\0';
    in->data = copy;
    in->len = len;
    int status = decompress(in, err);
    if (status != MVC_OK)
        input_free(in);
    return status;
}

void input_free(struct input *in)
{
    release_data(in);
}

int input_name_ends_with(const char *name, const char *suffix)
{
    size_t len = strlen(name), tail = strlen(suffix);
    return len > tail && strcmp(name + len - tail, suffix) == 0;
}

void scan_init(struct scanner *s, const struct input *in)
{
    s->p = in->data;
    /* a UTF-8 byte order mark, as some editors on Windows write it, is no content */
    if (in->len >= strlen(UTF8_BOM) && memcmp(in->data, UTF8_BOM, strlen(UTF8_BOM)) == 0)
        s->p += strlen(UTF8_BOM);
    s->end = in->data + in->len;
    s->pos.file = in->name;
    s->pos.line = 1;
}

void scan_skip_line(struct scanner *s)
{
    const char *nl = memchr(s->p, '\n', (size_t)(s->end - s->p));
    if (nl == NULL) {
        s->p = s->end;
        return;
    }
    s->p = nl + 1;
    if (s->p < s->end)
        s->pos.line++;
}

int scan_end_line(struct scanner *s, const char *after, struct error *err)
{
    if (!scan_at_eol(s)) {
        char found[128];
        scan_describe(s, found, sizeof found);
        return error_at(err, &s->pos, "unexpected %s after %s", found, after);
    }
    if (s->p < s->end && ++s->p < s->end) /* past the '\n' we stand on */
        s->pos.line++;
    return MVC_OK;
}

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* True when q ends a token: a blank, the end of the line or of the input. */
static int ends_token(const struct scanner *s, const char *q)
{
    return q >= s->end || *q == '\n' || scan_is_blank(*q);
}

/* Nineteen decimal digits always fit in a uint64_t; longer numbers take the checked path. */
#define SAFE_DIGITS 19

int scan_int64(struct scanner *s, int64_t *out, const char *what, struct error *err)
{
    scan_blanks(s);
    const char *q = s->p;
    int negative = *q == '-';
    if (*q == '-' || *q == '+')
        q++;
    if (!is_digit(*q))
        return scan_expected(s, what, err);
    const char *digits = q;
    uint64_t v = 0;
    while (is_digit(*q) && q - digits < SAFE_DIGITS)
        v = v * 10 + (unsigned)(*q++ - '0');
    int overflow = 0;
    for (; is_digit(*q); q++) {
        unsigned d = (unsigned)(*q - '0');
        overflow |= v > (UINT64_MAX - d) / 10;
        v = v * 10 + d;
    }
    if (!ends_token(s, q))
        return scan_expected(s, what, err);
    if (overflow || v > (uint64_t)INT64_MAX + (uint64_t)negative) {
        char found[128];
        scan_describe(s, found, sizeof found);
        return error_at(err, &s->pos, "%s is too large: %s", what, found);
    }
    *out = negative ? (int64_t)(0 - v) : (int64_t)v;
    s->p = q;
    return MVC_OK;
}

int scan_number(struct scanner *s, int *is_integer, int64_t *out, const char *what,
                struct error *err)
{
    scan_blanks(s);
    const char *q = s->p;
    if (*q == '-' || *q == '+')
        q++;
    const char *digits = q;
    while (is_digit(*q))
        q++;
    if (q > digits && ends_token(s, q)) {
        *is_integer = 1;
        return scan_int64(s, out, what, err);
    }
    int mantissa = q > digits;
    if (*q == '.') {
        q++;
        const char *frac = q;
        while (is_digit(*q))
            q++;
        mantissa |= q > frac;
    }
    if (mantissa && (*q == 'e' || *q == 'E')) {
        q++;
        if (*q == '-' || *q == '+')
            q++;
        const char *exponent = q;
        while (is_digit(*q))
            q++;
        if (q == exponent)
            mantissa = 0;
    }
    if (!mantissa || !ends_token(s, q))
        return scan_expected(s, what, err);
    *is_integer = 0;
    s->p = q;
    return MVC_OK;
}

size_t scan_word(struct scanner *s, const char **word)
{
    scan_blanks(s);
    const char *q = s->p;
    while (!ends_token(s, q))
        q++;
    *word = s->p;
    size_t len = (size_t)(q - s->p);
    s->p = q;
    return len;
}

int scan_word_is(const char *word, size_t len, const char *keyword)
{
    for (size_t i = 0; i < len; i++) {
        char a = word[i], b = keyword[i];
        if (b == '\0')
            return 0;
        if (a >= 'A' && a <= 'Z')
            a = (char)(a - 'A' + 'a');
        if (b >= 'A' && b <= 'Z')
            b = (char)(b - 'A' + 'a');
        if (a != b)
            return 0;
    }
    return keyword[len] == '\0';
}

void scan_describe(const struct scanner *s, char *buf, size_t size)
{
    struct scanner t = *s;
    scan_blanks(&t);
    if (scan_at_end(&t)) {
        snprintf(buf, size, "end of input");
        return;
    }
    if (*t.p == '\n') {
        snprintf(buf, size, "end of line");
        return;
    }
    enum { SHOWN = 24 };
    char token[4 * SHOWN + 8];
    size_t used = 0;
    const char *q = t.p;
    for (int i = 0; i < SHOWN && !ends_token(&t, q); i++, q++) {
        unsigned char c = (unsigned char)*q;
        if (c >= 0x20 && c < 0x7f && c != '\'')
            token[used++] = (char)c;
        else
            used += (size_t)snprintf(token + used, sizeof token - used, "\\x%02x", c);
    }
    if (!ends_token(&t, q))
        used += (size_t)snprintf(token + used, sizeof token - used, "...");
    token[used] = '\0';
    snprintf(buf, size, "'%s'", token);
}

int scan_expected(const struct scanner *s, const char *what, struct error *err)
{
    char found[128];
    scan_describe(s, found, sizeof found);
    return error_at(err, &s->pos, "expected %s, found %s", what, found);
}
