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

    /**
     * Takes {@code len} bytes: the head until it is full, the rest into the tail ring. Bulk
     * copies, not a byte at a time: a test may print gigabytes, all of which pass here.
     */
    void write(byte[] buf, int off, int len) {
        total += len;
        int toHead = Math.min(len, headCap - head.size());
        if (toHead > 0) {
            head.write(buf, off, toHead);
            off += toHead;
            len -= toHead;
        }
        if (len <= 0) {
            return;
        }
        int cap = tail.length;
        if (len >= cap) {
            // Only the last cap bytes can survive this write.
            System.arraycopy(buf, off + len - cap, tail, 0, cap);
            tailStart = 0;
            tailSize = cap;
            return;
        }
        int end = (tailStart + tailSize) % cap;
        int first = Math.min(len, cap - end);
        System.arraycopy(buf, off, tail, end, first);
        System.arraycopy(buf, off + first, tail, 0, len - first);
        int overflow = tailSize + len - cap;
        if (overflow > 0) {
            tailStart = (tailStart + overflow) % cap;
            tailSize = cap;
        } else {
            tailSize += len;
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
