package dev.repofix.exec;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.LongPredicate;

/**
 * Who created a sandbox container: the run, and the process and host it ran in. Every
 * container carries these as labels, with the time after which its creator would have
 * killed it, so that a later run can tell a crashed run's leftovers from a concurrent
 * run's live containers.
 *
 * @param runId the run's id
 * @param pid   the creating process
 * @param host  the creating host's name (a container's own name when repofix runs in one)
 */
record SandboxOwner(String runId, long pid, String host) {
    static final String SANDBOX = "repofix.sandbox";
    static final String RUN = "repofix.run";
    static final String PID = "repofix.pid";
    static final String HOST = "repofix.host";
    static final String DEADLINE = "repofix.deadline";

    SandboxOwner {
        Objects.requireNonNull(runId, "runId");
        Objects.requireNonNull(host, "host");
        if (runId.isBlank()) {
            throw new IllegalArgumentException("runId must not be blank");
        }
    }

    /** This process, for run {@code runId}. */
    static SandboxOwner current(String runId) {
        return new SandboxOwner(runId, ProcessHandle.current().pid(), hostName());
    }

    /** The labels of a container this owner creates, which it will have killed by {@code deadline}. */
    Map<String, String> labels(Instant deadline) {
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put(SANDBOX, "1");
        labels.put(RUN, runId);
        labels.put(PID, Long.toString(pid));
        labels.put(HOST, host);
        labels.put(DEADLINE, Long.toString(deadline.getEpochSecond()));
        return labels;
    }

    /**
     * Whether a container found with {@code labels} is another run's leftover that this
     * run may remove: its deadline has passed (its creator, alive or not, would have
     * killed it), or it was created on this host by a process that is gone. A container
     * of a live concurrent run is neither, whatever its state.
     */
    boolean mayReap(Map<String, String> labels, Instant now, LongPredicate pidAlive) {
        if (!labels.containsKey(SANDBOX) || runId.equals(labels.get(RUN))) {
            return false;
        }
        Optional<Long> deadline = number(labels.get(DEADLINE));
        if (deadline.isPresent() && now.getEpochSecond() > deadline.get()) {
            return true;
        }
        Optional<Long> creator = number(labels.get(PID));
        return host.equals(labels.get(HOST)) && creator.isPresent() && !pidAlive.test(creator.get());
    }

    private static Optional<Long> number(String text) {
        try {
            return text == null ? Optional.empty() : Optional.of(Long.parseLong(text.trim()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** The kernel's host name (no DNS look-up), else Java's view of it. */
    static String hostName() {
        try {
            Path kernel = Path.of("/proc/sys/kernel/hostname");
            if (Files.isReadable(kernel)) {
                return Files.readString(kernel).strip();
            }
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown";
        }
    }

    static boolean isAlive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }
}
