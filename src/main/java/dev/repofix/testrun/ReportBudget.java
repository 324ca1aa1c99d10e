package dev.repofix.testrun;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What one test run keeps of its reports, and until when it may read them, whatever the
 * reports hold: the first {@value #MAX_FAILURES_KEPT} failures with their message and
 * trace (the text within {@link TextBudget}), at most {@value #MAX_RESULTS_KEPT} results in
 * all, and a count of the rest. Memory is bounded by these caps, not by the files. Parsers
 * call {@link #tick()} as they read, which ends the reading at the run's deadline or when
 * the thread is interrupted (a cancelled run). One budget serves all the reports of a run,
 * on one thread.
 */
public final class ReportBudget {
    /** Failures kept with their text; a fix is sought for these, so more would only cost memory. */
    public static final int MAX_FAILURES_KEPT = 1_000;
    /** Results kept in all (passing ones are ids only): more than any real suite reports in one run. */
    public static final int MAX_RESULTS_KEPT = 200_000;
    /** Longer test ids (no tool writes one) are cut, with a digest of the whole so that they stay apart. */
    static final int MAX_ID_CHARS = 2_000;
    /** How often {@link #tick()} looks at the clock and the interrupt flag. */
    private static final int TICKS_PER_CHECK = 1024;

    private final TextBudget text = new TextBudget();
    private final long deadlineNanos;
    private final Duration limit;
    private final List<TestResult> kept = new ArrayList<>();
    private int failuresKept;
    private int othersKept;
    private long failingNotKept;
    private long othersNotKept;
    private int ticks;

    private ReportBudget(Duration limit) {
        this.limit = Objects.requireNonNull(limit, "limit");
        long nanos = limit.compareTo(Duration.ofDays(365)) > 0 ? Long.MAX_VALUE / 2 : limit.toNanos();
        this.deadlineNanos = System.nanoTime() + nanos;
    }

    /** A budget whose reading must end within {@code limit} from now. */
    public static ReportBudget within(Duration limit) {
        return new ReportBudget(limit);
    }

    /** A budget with no deadline (still bounded in memory, still stopped by an interrupt). */
    public static ReportBudget unlimitedTime() {
        return new ReportBudget(Duration.ofDays(36_500));
    }

    /**
     * Whether a failure read now keeps its text: while fewer than {@value #MAX_FAILURES_KEPT}
     * are kept. A parser that gets {@code false} collects none of the failure's text and
     * still hands the failure to {@link #add} to be counted.
     */
    boolean keepsFailureText() {
        return failuresKept < MAX_FAILURES_KEPT;
    }

    /** How many more failures would be kept with their text. */
    int failureRoom() {
        return MAX_FAILURES_KEPT - failuresKept;
    }

    /**
     * Counts a failure not kept, for a parser that holds earlier failures back (to give
     * them their output) and so knows that this one comes after the cap.
     */
    void countFailure() {
        failingNotKept++;
    }

    /** The budget of the text kept, for parsers that stream a failure's text into it. */
    TextBudget text() {
        return text;
    }

    /**
     * Keeps {@code result}, or counts it when the caps are reached. The failure's message
     * and trace are cut to what {@link TextBudget} allows (a parser that streamed them
     * through {@link #text()} uses {@link #addCut}).
     */
    void add(TestResult result) {
        if (result.status().isFailure() && keepsFailureText()) {
            result = new TestResult(result.id(), result.status(), text.cut(result.message()),
                    text.cut(result.trace()), result.frames());
        }
        addCut(result);
    }

    /** Keeps {@code result}, whose text was already cut through {@link #text()}, or counts it. */
    void addCut(TestResult result) {
        result = withBoundedId(result);
        if (result.status().isFailure()) {
            if (failuresKept < MAX_FAILURES_KEPT) {
                failuresKept++;
                kept.add(result);
            } else {
                failingNotKept++;
            }
        } else if (othersKept < MAX_RESULTS_KEPT - MAX_FAILURES_KEPT) {
            // Room is held back for the failures, which matter more than the passing tests.
            othersKept++;
            kept.add(result);
        } else {
            othersNotKept++;
        }
    }

    private static TestResult withBoundedId(TestResult r) {
        if (r.id().length() <= MAX_ID_CHARS) {
            return r;
        }
        String digest;
        try {
            byte[] hash = java.security.MessageDigest.getInstance("SHA-256")
                    .digest(r.id().getBytes(java.nio.charset.StandardCharsets.UTF_8));
            digest = java.util.HexFormat.of().formatHex(hash, 0, 8);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
        String id = r.id().substring(0, MAX_ID_CHARS - 40) + "...[cut, sha256 " + digest + "]";
        return new TestResult(id, r.status(), r.message(), r.trace(), r.frames());
    }

    /**
     * Called by parsers once per line or element read: past the deadline throws
     * {@link ReportTimedOut}; when the thread was interrupted throws a
     * {@link ReportException} saying so (the interrupt flag stays set).
     */
    void tick() {
        if (++ticks < TICKS_PER_CHECK) {
            return;
        }
        ticks = 0;
        check();
    }

    /** What {@link #tick()} checks, at once. */
    void check() {
        if (Thread.currentThread().isInterrupted()) {
            throw new ReportException("reading the test reports was interrupted: the run is being stopped");
        }
        if (System.nanoTime() - deadlineNanos > 0) {
            throw new ReportTimedOut(limit);
        }
    }

    /** The results kept since the last call, in the order they were read; the budget forgets them. */
    List<TestResult> drain() {
        List<TestResult> out = List.copyOf(kept);
        kept.clear();
        return out;
    }

    /** Failing tests counted but not kept, past {@value #MAX_FAILURES_KEPT}. */
    public long failingNotKept() {
        return failingNotKept;
    }

    /** Passing and skipped tests counted but not kept, past {@value #MAX_RESULTS_KEPT} results. */
    public long othersNotKept() {
        return othersNotKept;
    }
}
