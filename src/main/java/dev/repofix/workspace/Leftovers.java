package dev.repofix.workspace;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps workspace folders from outliving their run. Each folder is marked with its
 * owning process (pid and start time); the folders this JVM still holds are deleted by
 * a shutdown hook (Ctrl-C, a cancelled CI job), and a later run deletes the folders of
 * owners that are gone (killed outright, or a crashed machine), as the container reaper
 * does for containers. A folder of a live concurrent run, or one without our marker, is
 * never touched.
 */
final class Leftovers {
    private static final Logger LOG = LoggerFactory.getLogger(Leftovers.class);
    static final String MARKER = ".repofix-owner";
    static final String PREFIX = "repofix-";

    /** Folders made by this JVM and not yet deleted. */
    private static final Set<Path> OPEN = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> OPEN.forEach(Workspace::deleteTree),
                "repofix-workspace-cleanup"));
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

    /** Deletes the marked folders under {@code parent} whose owning process is gone. */
    static void removeDead(Path parent) {
        if (!Files.isDirectory(parent)) {
            return;
        }
        try (DirectoryStream<Path> folders = Files.newDirectoryStream(parent, PREFIX + "*")) {
            for (Path folder : folders) {
                if (Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS) && ownerGone(folder)) {
                    LOG.info("removing {}, left by a run whose process is gone", folder);
                    Workspace.deleteTree(folder);
                }
            }
        } catch (IOException e) {
            LOG.debug("cannot list {} for leftovers: {}", parent, e.getMessage());
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
