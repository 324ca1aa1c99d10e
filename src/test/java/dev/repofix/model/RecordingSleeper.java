package dev.repofix.model;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A sleeper that returns at once and remembers every wait it was asked for. */
final class RecordingSleeper implements Sleeper {
    final List<Duration> waits = new CopyOnWriteArrayList<>();

    @Override
    public void sleep(Duration duration) {
        waits.add(duration);
    }
}
