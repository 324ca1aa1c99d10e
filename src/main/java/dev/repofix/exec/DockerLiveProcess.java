package dev.repofix.exec;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A command kept running in a sandbox container, talked to over the container's attached
 * standard input and output. {@link #close()} removes the container (which kills what
 * runs in it) and is idempotent.
 */
final class DockerLiveProcess implements LiveProcess {
    private final String id;
    private final Writer input;
    private final BufferedReader output;
    private final ContainerOutput attached;
    private final BytePipe stdin;
    private final BytePipe stdout;
    private final Runnable remove;
    private final AtomicBoolean closed = new AtomicBoolean();

    /**
     * @param attached the container's output stream, which feeds {@code stdout} and ends it
     * @param remove   removes the container
     */
    DockerLiveProcess(String id, BytePipe stdin, BytePipe stdout, ContainerOutput attached, Runnable remove) {
        this.id = id;
        this.stdin = stdin;
        this.stdout = stdout;
        this.attached = attached;
        this.remove = remove;
        this.input = new OutputStreamWriter(stdin.sink(), StandardCharsets.UTF_8);
        this.output = new BufferedReader(new InputStreamReader(stdout.source(), StandardCharsets.UTF_8));
    }

    @Override
    public Writer input() {
        return input;
    }

    @Override
    public BufferedReader output() {
        return output;
    }

    /** Alive until its output ends: the container exited, or was removed. */
    @Override
    public boolean isAlive() {
        return !closed.get() && !attached.ended();
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        stdin.end();
        try {
            remove.run();
        } finally {
            attached.close();
            stdout.end();
        }
    }

    @Override
    public String toString() {
        return "container " + id;
    }
}
