package dev.repofix.exec;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A pipe between threads in memory: what is written to {@link #sink()} is read from
 * {@link #source()} in order, and once the pipe is ended the source reads the rest and
 * then end of stream. Unlike {@link java.io.PipedInputStream} it does not care which
 * threads write (the Docker transport's and the pipeline's come and go). Bounded: a
 * writer waits while {@value #CHUNKS} chunks are unread.
 */
final class BytePipe {
    static final int CHUNKS = 1024;
    private static final long POLL_MILLIS = 100;
    private final BlockingQueue<byte[]> chunks = new LinkedBlockingQueue<>(CHUNKS);
    private volatile boolean ended;

    /** Ends the pipe: later writes fail, reads return what is left, then end of stream. Idempotent. */
    void end() {
        ended = true;
    }

    OutputStream sink() {
        return new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                if (len == 0) {
                    return;
                }
                byte[] chunk = Arrays.copyOfRange(b, off, off + len);
                try {
                    while (!chunks.offer(chunk, POLL_MILLIS, TimeUnit.MILLISECONDS)) {
                        if (ended) {
                            throw new IOException("the pipe is closed");
                        }
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new InterruptedIOException("interrupted while writing to a pipe");
                }
                if (ended) {
                    throw new IOException("the pipe is closed");
                }
            }

            @Override
            public void close() {
                end();
            }
        };
    }

    InputStream source() {
        return new InputStream() {
            private byte[] current = new byte[0];
            private int pos;

            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (len == 0) {
                    return 0;
                }
                while (pos == current.length) {
                    byte[] next;
                    try {
                        next = chunks.poll(POLL_MILLIS, TimeUnit.MILLISECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new InterruptedIOException("interrupted while reading from a pipe");
                    }
                    if (next != null) {
                        current = next;
                        pos = 0;
                    } else if (ended && chunks.isEmpty()) {
                        return -1;
                    }
                }
                int n = Math.min(len, current.length - pos);
                System.arraycopy(current, pos, b, off, n);
                pos += n;
                return n;
            }

            @Override
            public void close() {
                end();
            }
        };
    }
}
