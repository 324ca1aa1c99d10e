package dev.repofix.exec;

import dev.repofix.config.ByteSizes;
import dev.repofix.config.SandboxSpec;
import java.util.Locale;

/**
 * What one sandboxed command may use. Memory has no swap on top (memory-swap equals
 * memory), and the writable {@code /tmp} is a RAM disk counted in that memory, so it is
 * capped at half of it.
 *
 * @param memoryBytes memory limit of the container
 * @param cpus        CPUs, fractions allowed
 * @param pids        processes and threads at once
 */
public record SandboxLimits(long memoryBytes, double cpus, int pids) {
    /** Docker refuses less than 6 MiB; no JVM or Python starts in less than this. */
    public static final long MIN_MEMORY = SandboxSpec.MIN_MEMORY;
    public static final int MIN_PIDS = SandboxSpec.MIN_PIDS;

    public SandboxLimits {
        if (memoryBytes < MIN_MEMORY) {
            throw new IllegalArgumentException("memory must be at least " + ByteSizes.format(MIN_MEMORY));
        }
        if (!(cpus > 0)) {
            throw new IllegalArgumentException("cpus must be positive: " + cpus);
        }
        if (pids < MIN_PIDS) {
            throw new IllegalArgumentException("pids must be at least " + MIN_PIDS + ": " + pids);
        }
    }

    /** These limits with at most {@code available} CPUs. */
    SandboxLimits withCpusAtMost(int available) {
        return cpus <= available ? this : new SandboxLimits(memoryBytes, available, pids);
    }

    /** Docker's CPU quota unit: billionths of a CPU. */
    long nanoCpus() {
        return Math.round(cpus * 1e9);
    }

    /** Size of the {@code /tmp} RAM disk. */
    long tmpBytes() {
        return memoryBytes / 2;
    }

    /** For people: {@code 2 GiB memory, 2 CPUs, 512 processes}. */
    public String describe() {
        String c = cpus == Math.rint(cpus) ? String.valueOf((long) cpus) : String.format(Locale.ROOT, "%.2f", cpus);
        return ByteSizes.format(memoryBytes) + " memory, " + c + " CPU" + (cpus == 1 ? "" : "s") + ", " + pids
                + " processes";
    }
}
