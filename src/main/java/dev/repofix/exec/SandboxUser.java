package dev.repofix.exec;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * The non-root user a sandbox runs as. Repofix running as root (CI containers, GitHub
 * container actions) runs tests as the images' {@code sandbox} user (10001) and gives
 * it the workspace copy first; anyone else runs tests as themselves, so the copy is
 * theirs already. Either way repofix can delete every file afterwards.
 *
 * @param uid   user id in the container
 * @param gid   group id in the container
 * @param chown whether the workspace copy is given to {@code uid:gid} before a run
 */
record SandboxUser(int uid, int gid, boolean chown) {
    /** The {@code sandbox} user of the repofix images. */
    static final int SANDBOX_ID = 10001;

    /** For a process with these ids. */
    static SandboxUser of(int ourUid, int ourGid) {
        return ourUid == 0 ? new SandboxUser(SANDBOX_ID, SANDBOX_ID, true) : new SandboxUser(ourUid, ourGid, false);
    }

    /** For this process: its ids are those of {@code /proc/self}; without them (not Linux), the sandbox user. */
    static SandboxUser current() {
        try {
            Path self = Path.of("/proc/self");
            int uid = (Integer) Files.getAttribute(self, "unix:uid");
            int gid = (Integer) Files.getAttribute(self, "unix:gid");
            return of(uid, gid);
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            // Docker Desktop (macOS, Windows) maps file ownership itself.
            return new SandboxUser(SANDBOX_ID, SANDBOX_ID, false);
        }
    }

    /** {@code uid:gid} as Docker takes it. */
    String spec() {
        return uid + ":" + gid;
    }

    /**
     * Gives {@code dir} and everything in it to this user, when it should; links are
     * changed themselves, never what they point to.
     *
     * @throws ExecException when ownership cannot be changed
     */
    void prepare(Path dir) {
        if (!chown) {
            return;
        }
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) throws IOException {
                    own(d);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path f, BasicFileAttributes attrs) throws IOException {
                    own(f);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new ExecException("cannot give the workspace copy " + dir + " to the sandbox user " + spec() + ": "
                    + e.getMessage() + "; put work-dir on a file system that allows chown, or use --sandbox local", e);
        }
    }

    private void own(Path p) throws IOException {
        if ((Integer) Files.getAttribute(p, "unix:uid", LinkOption.NOFOLLOW_LINKS) != uid
                || (Integer) Files.getAttribute(p, "unix:gid", LinkOption.NOFOLLOW_LINKS) != gid) {
            Files.setAttribute(p, "unix:uid", uid, LinkOption.NOFOLLOW_LINKS);
            Files.setAttribute(p, "unix:gid", gid, LinkOption.NOFOLLOW_LINKS);
        }
    }
}
