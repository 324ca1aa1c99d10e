package dev.repofix.pipeline;

/** Receives progress; the pipeline never prints. Must not throw. */
@FunctionalInterface
public interface ProgressListener {
    void onEvent(ProgressEvent event);

    static ProgressListener none() {
        return e -> { };
    }
}
