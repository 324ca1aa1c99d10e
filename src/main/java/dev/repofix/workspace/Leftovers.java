package dev.repofix.workspace;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps workspace folders from outliving their run, in bounded time. Each folder is
 * marked with its owning process (pid and start time), and its marker is the last thing
 * deleted, so a folder whose deletion is cut short stays marked. The folders this JVM
 * still holds are deleted by a shutdown hook (Ctrl-C, a cancelled CI job) for at most
 * {@link #HOOK_BUDGET}: a repository of hundreds of thousands of files takes minutes to
 * delete, and the run must end. A later run takes over the folders of owners that are
 * gone (killed outright, cut short, a crashed machine), as the container reaper does for
 * containers: it marks them as its own and deletes them on a background thread, without
 * waiting; if it ends first, the run after it goes on. A folder of a live concurrent run,
 * or one without our marker, is never touched.
 */
final class Leftovers {
    private static final Logger LOG = LoggerFactory.getLogger(Leftovers.class);
    static final String MARKER = ".repofix-owner";
    static final String PREFIX = "repofix-";
    /** How long the shutdown hook deletes; what is left stays marked for the next run. */
    static final Duration HOOK_BUDGET = Duration.ofSeconds(10);

    /** Folders made by this JVM and not yet deleted. */
    private static final Set<Path> OPEN = ConcurrentHashMap.newKeySet();
    /** Deletes the leftovers of dead runs, one at a time, never holding the JVM's exit. */
    private static final Executor BACKGROUND = Executors.newSingleThreadExecutor(
            r -> Thread.ofPlatform().daemon().name("repofix-leftovers").unstarted(r));

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            long deadline = System.nanoTime() + HOOK_BUDGET.toNanos();
            OPEN.forEach(folder -> {
                if (!deleteMarked(folder, () -> System.nanoTime() - deadline > 0)) {
                    LOG.info("left {} for the next run to delete (the exit does not wait for it)", folder);
                }
            });
        }, "repofix-workspace-cleanup"));
    }

    private Leftovers() {
    }

    /** Marks {@code folder} as this process's and has it deleted when the JVM exits, if not before. */
    static void claim(Path folder) throws IOException {
        OPEN.add(folder);
        Files.writeString(folder.resolve(MARKER), marker(ProcessHandle.current().pid(), currentStart()));
    }

    /** {@code folder} was deleted (or is about to be) by its owner. */
    static void release(Path folder) {
        OPEN.remove(folder);
    }

    static String marker(long pid, Optional<Instant> start) {
        return "pid=" + pid + "\nstart=" + start.map(s -> Long.toString(s.toEpochMilli())).orElse("") + "\n";
    }

    /**
     * Takes over the marked folders under {@code parent} whose owning process is gone and
     * has them deleted in the background; returns at once.
     */
    static void removeDead(Path parent) {
        removeDead(parent, BACKGROUND);
    }

    /** {@link #removeDead(Path)} with the deletions run by {@code background}. */
    static void removeDead(Path parent, Executor background) {
        if (!Files.isDirectory(parent)) {
            return;
        }
        try (DirectoryStream<Path> folders = Files.newDirectoryStream(parent, PREFIX + "*")) {
            for (Path folder : folders) {
                if (Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS) && ownerGone(folder)) {
                    takeOver(folder, background);
                }
            }
        } catch (IOException e) {
            LOG.debug("cannot list {} for leftovers: {}", parent, e.getMessage());
        }
    }

    private static void takeOver(Path folder, Executor background) {
        try {
            // Ours now: a concurrent run leaves it alone, and if this one ends first the next goes on.
            Files.writeString(folder.resolve(MARKER), marker(ProcessHandle.current().pid(), currentStart()));
        } catch (IOException e) {
            LOG.debug("cannot take over {}: {}", folder, e.getMessage());
            return;
        }
        LOG.info("removing {} in the background, left by a run whose process is gone", folder);
        background.execute(() -> deleteMarked(folder, () -> false));
    }

    /**
     * Deletes a marked folder, its marker last, until {@code stop} says so; returns whether
     * it is gone. Stopped early, the folder keeps its marker.
     */
    static boolean deleteMarked(Path folder, BooleanSupplier stop) {
        try {
            return FileTrees.delete(folder, folder.resolve(MARKER), stop);
        } catch (IOException e) {
            LOG.warn("could not delete {} completely: {}", folder, e.getMessage());
            return false;
        }
    }

    /** Whether {@code folder} has our marker and the process it names is gone (or its pid now names another). */
    private static boolean ownerGone(Path folder) {
        Path marker = folder.resolve(MARKER);
        if (!Files.isRegularFile(marker, LinkOption.NOFOLLOW_LINKS)) {
            return false; // not ours, or its owner is still writing it
        }
        long pid;
        String start;
        try {
            String text = Files.readString(marker);
            pid = Long.parseLong(field(text, "pid"));
            start = field(text, "start");
        } catch (IOException | RuntimeException e) {
            return false;
        }
        Optional<ProcessHandle> owner = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
        if (owner.isEmpty()) {
            return true;
        }
        Optional<Instant> started = owner.get().info().startInstant();
        // Without a recorded or readable start time the live pid is taken for the owner.
        return !start.isEmpty() && started.isPresent() && started.get().toEpochMilli() != Long.parseLong(start);
    }

    private static String field(String text, String name) {
        return text.lines()
                .filter(l -> l.startsWith(name + "="))
                .map(l -> l.substring(name.length() + 1).strip())
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no " + name));
    }

    private static Optional<Instant> currentStart() {
        return ProcessHandle.current().info().startInstant();
    }
}
