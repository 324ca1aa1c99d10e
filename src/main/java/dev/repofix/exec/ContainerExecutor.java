package dev.repofix.exec;

import java.util.Optional;

/**
 * An executor that runs each command in a container of an image: what {@link AutoSandbox}
 * chooses from. {@link DockerExecutor} is the one in use; the seam lets the choice be tested
 * without an engine.
 */
public interface ContainerExecutor extends Executor {
    /** The image that runs commands of {@code family}, when one is known. */
    Optional<String> imageFor(Optional<SandboxImage> family);

    /**
     * Whether the engine has {@code image}.
     *
     * @throws ExecException when the engine cannot be asked
     */
    boolean hasImage(String image);

    /**
     * Makes sure the engine has {@code image}: a repofix sandbox image it lacks is pulled from
     * where it is published, else built once on the engine.
     *
     * @return empty when the engine has it now, else why it cannot have it, in one line
     * @throws ExecException when the engine cannot be asked
     */
    Optional<String> provideImage(String image);

    /** Where the engine listens. */
    EngineAddress engine();

    /** The limits each container gets. */
    SandboxLimits limits();
}
