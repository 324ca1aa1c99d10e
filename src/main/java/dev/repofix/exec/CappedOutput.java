package dev.repofix.exec;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Keeps the first and the last {@code cap / 2} bytes of a stream: build logs put the
 * command line at the head and the failure at the tail, the middle is expendable.
 * Not thread-safe; one reader thread writes, the caller reads after it finished.
 */
final class CappedOutput {
    private final int headCap;
    private final ByteArrayOutputStream head = new ByteArrayOutputStream();
    private final byte[] tail;
    private int tailStart;
    private int tailSize;
    private long total;

    CappedOutput(int cap) {
        this.headCap = cap / 2;
        this.tail = new byte[cap - headCap];
    }

    void write(byte[] buf, int off, int len) {
        total += len;
        int toHead = Math.min(len, headCap - head.size());
        if (toHead > 0) {
            head.write(buf, off, toHead);
        }
        for (int i = off + Math.max(toHead, 0); i < off + len; i++) {
            int pos = (tailStart + tailSize) % tail.length;
            tail[pos] = buf[i];
            if (tailSize < tail.length) {
                tailSize++;
            } else {
                tailStart = (tailStart + 1) % tail.length;
            }
        }
    }

    long totalBytes() {
        return total;
    }

    String text() {
        byte[] t = new byte[tailSize];
        for (int i = 0; i < tailSize; i++) {
            t[i] = tail[(tailStart + i) % tail.length];
        }
        long dropped = total - head.size() - tailSize;
        if (dropped <= 0) {
            // One decode: a multi-byte character may straddle the two halves.
            byte[] all = Arrays.copyOf(head.toByteArray(), head.size() + tailSize);
            System.arraycopy(t, 0, all, head.size(), tailSize);
            return new String(all, StandardCharsets.UTF_8);
        }
        String h = head.toString(StandardCharsets.UTF_8);
        return h + "\n[... " + dropped + " bytes of output elided by repofix ...]\n"
                + new String(t, StandardCharsets.UTF_8);
    }
}
