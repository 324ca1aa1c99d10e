package dev.repofix.exec;

import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.model.Frame;
import java.io.Closeable;
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A container's stdout and stderr, interleaved as they come, streamed into the cap (or,
 * for a live process, into a pipe that its reader reads).
 * Unlike docker-java's adapters it counts an error before the attach as "started" (so
 * nobody waits for an attach that failed) and never rethrows the end of the stream.
 */
final class ContainerOutput implements ResultCallback<Frame> {
    private static final Logger LOG = LoggerFactory.getLogger(ContainerOutput.class);

    /** Where a container's output goes. */
    @FunctionalInterface
    interface Sink {
        void write(byte[] bytes, int offset, int length) throws IOException;
    }

    private final Sink sink;
    private final Runnable onEnd;
    private final CountDownLatch started = new CountDownLatch(1);
    private final CountDownLatch ended = new CountDownLatch(1);
    private volatile Closeable stream;
    private volatile Throwable failure;

    ContainerOutput(CappedOutput output) {
        this((bytes, offset, length) -> {
            synchronized (output) {
                output.write(bytes, offset, length);
            }
        }, () -> { });
    }

    /** @param onEnd run once the stream has ended, however it ended */
    ContainerOutput(Sink sink, Runnable onEnd) {
        this.sink = sink;
        this.onEnd = onEnd;
    }

    @Override
    public void onStart(Closeable s) {
        stream = s;
        started.countDown();
    }

    @Override
    public void onNext(Frame frame) {
        byte[] payload = frame.getPayload();
        if (payload != null) {
            try {
                sink.write(payload, 0, payload.length);
            } catch (IOException e) {
                LOG.debug("output of a sandbox container dropped: {}", e.getMessage());
            }
        }
    }

    @Override
    public void onError(Throwable t) {
        // After the start the stream ends with the container; what was read so far is kept.
        failure = t;
        LOG.debug("output stream of a sandbox container ended: {}", t.toString());
        started.countDown();
        ended.countDown();
        onEnd.run();
    }

    @Override
    public void onComplete() {
        ended.countDown();
        onEnd.run();
    }

    /** Whether the stream has ended: the container exited, or the engine dropped us. */
    boolean ended() {
        return ended.getCount() == 0;
    }

    /** Whether the engine attached us within {@code limit}; the failure when it refused. */
    boolean awaitAttached(Duration limit) throws InterruptedException {
        return started.await(limit.toMillis(), TimeUnit.MILLISECONDS);
    }

    Optional<Throwable> failure() {
        return Optional.ofNullable(failure);
    }

    void awaitEnd(Duration limit) throws InterruptedException {
        ended.await(limit.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        Closeable s = stream;
        if (s != null) {
            try {
                s.close();
            } catch (IOException e) {
                LOG.debug("closing a container's output stream: {}", e.getMessage());
            }
        }
        started.countDown();
        ended.countDown();
        onEnd.run();
    }
}
