package dev.repofix.repair.localize;

import dev.repofix.config.Durations;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What putting a project's baseline under per-test coverage cost the last time it was
 * timed: the instrumented baseline's time and a plain run of the same suite (the fix's full
 * run). When the seconds instrumentation added exceed what the separate coverage run it
 * replaces would cost ({@link #separateRunEstimate}), the next runs of that project run their
 * baseline plain and keep the separate coverage run of the failing and related tests. Kept in
 * repofix's tool cache, one small file per project and build, named by a hash (no path of
 * the project is written); without a cache nothing is kept and every baseline is instrumented.
 */
final class CoverageOverheads {
    private static final Logger LOG = LoggerFactory.getLogger(CoverageOverheads.class);
    /**
     * The part of the plain suite's time a separate coverage run is taken to cost beyond its
     * start: it runs the failing and related tests, not the suite. Issue 31 measured 0.58 x
     * T_suite for a whole separate run on a 16.5 s Maven suite, start included; a ratio alone
     * (the rule before: instrumentation may slow the suite 1.5 x) is this share with no start.
     */
    static final double SEPARATE_SHARE = 0.5;
    /**
     * What a separate coverage run costs whatever the suite: a copy, the build's or the
     * interpreter's start with the tool loaded, a container under Docker. A low bound (a
     * Maven start alone takes longer); on a 3 s pytest suite the instrumented baseline took
     * 1.58 x, 1.7 s more, and a ratio alone turned it off though the separate run costs more.
     */
    static final Duration SEPARATE_START = Duration.ofSeconds(2);
    /** A measurement older than this is not trusted: the suite, the machine or the tools have changed since. */
    static final Duration KEPT = Duration.ofDays(7);

    private final Optional<Path> dir;

    /** @param dir the folder kept measurements go to; empty: none are kept */
    CoverageOverheads(Optional<Path> dir) {
        this.dir = dir;
    }

    /**
     * One measurement.
     *
     * @param instrumented the instrumented baseline's time
     * @param plain        the plain run's time of the same suite
     * @param at           when it was measured
     */
    record Measured(Duration instrumented, Duration plain, Instant at) {
        Measured {
            Objects.requireNonNull(instrumented, "instrumented");
            Objects.requireNonNull(plain, "plain");
            Objects.requireNonNull(at, "at");
        }

        double factor() {
            return CoverageOverheads.factor(instrumented, plain);
        }

        /** The seconds instrumentation added to the suite (none when it ran faster). */
        Duration added() {
            Duration d = instrumented.minus(plain);
            return d.isNegative() ? Duration.ZERO : d;
        }

        /** Whether the separate coverage run would cost less than the instrumentation added. */
        boolean separateIsCheaper() {
            return added().compareTo(separateRunEstimate(plain)) > 0;
        }
    }

    /**
     * What a separate coverage run of the failing and related tests is taken to cost on a suite
     * whose plain run takes {@code plain}: {@link #SEPARATE_START} plus {@link #SEPARATE_SHARE}
     * of it.
     */
    static Duration separateRunEstimate(Duration plain) {
        return SEPARATE_START.plus(Duration.ofNanos((long) (plain.toNanos() * SEPARATE_SHARE)));
    }

    /**
     * Why {@code last} keeps the separate coverage run, or empty when the baseline is to be
     * instrumented: no measurement, one older than {@link #KEPT}, or one whose added seconds
     * the separate run would cost too ({@link Measured#separateIsCheaper}).
     */
    static Optional<String> keepSeparate(Optional<Measured> last, Instant now) {
        if (last.isEmpty() || !last.get().separateIsCheaper()
                || Duration.between(last.get().at(), now).compareTo(KEPT) > 0) {
            return Optional.empty();
        }
        Measured m = last.get();
        return Optional.of(String.format(Locale.ROOT, "per-test coverage slowed this project's suite %.2f x when "
                + "last timed (%s ago), %s more, more than the about %s a separate coverage run costs",
                m.factor(), Durations.format(Duration.between(m.at(), now)), seconds(m.added()),
                seconds(separateRunEstimate(m.plain()))));
    }

    /** The note on what instrumenting the baseline cost in this run. */
    static String describe(Duration instrumented, Duration plain) {
        Measured m = new Measured(instrumented, plain, Instant.EPOCH);
        return String.format(Locale.ROOT, "per-test coverage in the baseline: the instrumented baseline took %.1f s, "
                + "the fix's full run without instrumentation %.1f s (%.2f x, %s more; %s)",
                instrumented.toMillis() / 1000.0, plain.toMillis() / 1000.0, m.factor(), seconds(m.added()),
                m.separateIsCheaper()
                        ? "more than the about " + seconds(separateRunEstimate(plain)) + " a separate coverage run "
                                + "costs: the next runs of this project run a plain baseline and a separate coverage run"
                        : "within the about " + seconds(separateRunEstimate(plain)) + " a separate coverage run costs");
    }

    private static String seconds(Duration d) {
        return String.format(Locale.ROOT, "%.1f s", d.toMillis() / 1000.0);
    }

    static double factor(Duration instrumented, Duration plain) {
        return plain.isZero() ? 1 : (double) instrumented.toNanos() / plain.toNanos();
    }

    /** The last measurement of {@code project}'s {@code build}; empty when none is kept or it cannot be read. */
    Optional<Measured> last(String project, String build) {
        if (dir.isEmpty()) {
            return Optional.empty();
        }
        Path file = dir.get().resolve(key(project, build));
        try {
            if (!Files.isRegularFile(file)) {
                return Optional.empty();
            }
            // "instrumented-ms plain-ms epoch-s"; a record of an older form (a ratio alone) is not
            // read: the next baseline is instrumented and timed again.
            String[] parts = Files.readString(file, StandardCharsets.UTF_8).strip().split(" ");
            if (parts.length != 3) {
                return Optional.empty();
            }
            return Optional.of(new Measured(Duration.ofMillis(Long.parseLong(parts[0])),
                    Duration.ofMillis(Long.parseLong(parts[1])), Instant.ofEpochSecond(Long.parseLong(parts[2]))));
        } catch (IOException | RuntimeException e) {
            LOG.debug("cannot read the coverage overhead in {}: {}", file, e.toString());
            return Optional.empty();
        }
    }

    /** Keeps {@code measured} for {@code project}'s {@code build}, replacing the last; a failure is logged. */
    void keep(String project, String build, Measured measured) {
        if (dir.isEmpty()) {
            return;
        }
        Path file = dir.get().resolve(key(project, build));
        try {
            Files.createDirectories(dir.get());
            Path tmp = dir.get().resolve(file.getFileName() + ".tmp-" + UUID.randomUUID());
            Files.writeString(tmp, String.format(Locale.ROOT, "%d %d %d%n", measured.instrumented().toMillis(),
                    measured.plain().toMillis(), measured.at().getEpochSecond()), StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            LOG.warn("cannot keep the coverage overhead in {}: {}", file, e.toString());
        }
    }

    /** A file name for {@code project}'s {@code build}: a hash, so no path or URL of the project is written. */
    static String key(String project, String build) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest((project + "\n" + build)
                    .getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 16) + ".txt";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
