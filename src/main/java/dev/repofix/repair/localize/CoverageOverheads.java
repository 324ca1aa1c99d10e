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
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What putting a project's baseline under per-test coverage cost the last time it was
 * timed: the instrumented baseline's time over a plain run of the same suite (the fix's
 * full run). Above {@value #MAX_FACTOR} the next runs of that project run their baseline
 * plain and keep the separate coverage run of the failing and related tests. Kept in
 * repofix's tool cache, one small file per project and build, named by a hash (no path of
 * the project is written); without a cache nothing is kept and every baseline is instrumented.
 */
final class CoverageOverheads {
    private static final Logger LOG = LoggerFactory.getLogger(CoverageOverheads.class);
    /**
     * Instrumentation may make the suite this many times slower. The separate coverage run it
     * replaces cost 0.58 x T_suite in issue 31's measurement (a build's start-up and the
     * failing and related tests): at 1.5 x the instrumented baseline costs 0.5 x T_suite
     * more than a plain one, about what it saves; past that the separate run is cheaper.
     * JaCoCo's probes cost 10-30 % on CPU-bound Java tests, so Maven suites stay well below;
     * coverage.py's line tracing on CPU-bound Python can exceed it.
     */
    static final double MAX_FACTOR = 1.5;
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
     * @param factor the instrumented baseline's time over the plain run's
     * @param at     when it was measured
     */
    record Measured(double factor, Instant at) {}

    /**
     * Why {@code last} keeps the separate coverage run, or empty when the baseline is to be
     * instrumented: no measurement, one older than {@link #KEPT}, or one within {@link #MAX_FACTOR}.
     */
    static Optional<String> keepSeparate(Optional<Measured> last, Instant now) {
        if (last.isEmpty() || last.get().factor() <= MAX_FACTOR
                || Duration.between(last.get().at(), now).compareTo(KEPT) > 0) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "per-test coverage slowed this project's suite %.2f x when "
                + "last timed (%s ago), more than the %.1f x it may", last.get().factor(),
                Durations.format(Duration.between(last.get().at(), now)), MAX_FACTOR));
    }

    /** The note on what instrumenting the baseline cost in this run. */
    static String describe(Duration instrumented, Duration plain) {
        double factor = factor(instrumented, plain);
        return String.format(Locale.ROOT, "per-test coverage in the baseline: the instrumented baseline took %.1f s, "
                + "the fix's full run without instrumentation %.1f s (%.2f x; %s)", instrumented.toMillis() / 1000.0,
                plain.toMillis() / 1000.0, factor, factor > MAX_FACTOR
                        ? String.format(Locale.ROOT, "more than %.1f x: the next runs of this project run a plain "
                                + "baseline and a separate coverage run", MAX_FACTOR)
                        : String.format(Locale.ROOT, "within %.1f x", MAX_FACTOR));
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
            String[] parts = Files.readString(file, StandardCharsets.UTF_8).strip().split(" ");
            return Optional.of(new Measured(Double.parseDouble(parts[0]), Instant.ofEpochSecond(Long.parseLong(parts[1]))));
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
            Files.writeString(tmp, String.format(Locale.ROOT, "%.4f %d%n", measured.factor(),
                    measured.at().getEpochSecond()), StandardCharsets.UTF_8);
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
