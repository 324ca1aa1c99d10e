package dev.repofix.workspace;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * A separate JVM for {@link WorkspaceLeftoversTest}: opens a workspace of {@code args[1]}
 * under {@code args[0]}, prints its root, and waits to be killed without closing it.
 */
public final class OpenWorkspaceAndWait {
    private OpenWorkspaceAndWait() {
    }

    public static void main(String[] args) throws InterruptedException {
        Workspace workspace = new Workspaces(Path.of(args[0]), Duration.ofSeconds(10)).open(args[1], Optional.empty());
        System.out.println("open " + workspace.root());
        System.out.flush();
        Thread.sleep(Duration.ofMinutes(5));
    }
}
