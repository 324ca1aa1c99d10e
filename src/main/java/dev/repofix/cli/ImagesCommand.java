package dev.repofix.cli;

import dev.repofix.app.Environment;
import dev.repofix.config.Durations;
import dev.repofix.exec.EngineAddress;
import dev.repofix.exec.ImageBuilder;
import dev.repofix.exec.ImageSource;
import dev.repofix.exec.SandboxImage;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code repofix images}: the sandbox images, one per ecosystem family. */
@Command(name = "images", mixinStandardHelpOptions = true,
        description = {"The sandbox images tests run in under --sandbox docker.",
                "One per ecosystem family (jvm, python, node, rust, go), built from Dockerfiles that ship "
                        + "in repofix."})
final class ImagesCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return ExitCodes.OK;
    }

    /** The families named, or all of them. */
    static List<SandboxImage> families(List<String> names) {
        if (names == null || names.isEmpty()) {
            return List.of(SandboxImage.values());
        }
        List<SandboxImage> out = new ArrayList<>();
        for (String name : names) {
            try {
                SandboxImage image = SandboxImage.ofFamily(name);
                if (!out.contains(image)) {
                    out.add(image);
                }
            } catch (IllegalArgumentException e) {
                throw new dev.repofix.config.ConfigException(e.getMessage());
            }
        }
        return out;
    }

    /** {@code repofix images build [FAMILY...]}. */
    @Command(name = "build", mixinStandardHelpOptions = true,
            description = {"Builds the sandbox images: all, or the families named.",
                "They are built on the Docker engine of DOCKER_HOST (default: the local socket). The base "
                        + "image is a build argument: a public Debian trixie image by default, or a local one where "
                        + "no registry is reachable."})
    static final class Build implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "FAMILY", arity = "0..*", description = "jvm, python, node, rust or go. Default: all")
        List<String> names = new ArrayList<>();

        @Option(names = "--base", paramLabel = "IMAGE",
                description = "Base image of every sandbox image (Debian trixie or newer). Default: debian:trixie-slim")
        String base = ImageSource.DEFAULT_BASE;

        @Option(names = "--timeout", paramLabel = "DURATION", description = "Limit of each image's build. Default: 30m")
        String timeout = "30m";

        private final Environment env;

        Build(Environment env) {
            this.env = env;
        }

        @Override
        public Integer call() {
            List<SandboxImage> images = families(names);
            Duration limit = Durations.parse(timeout);
            PrintWriter err = spec.commandLine().getErr();
            try (ImageBuilder builder = new ImageBuilder(EngineAddress.of(env.host()), limit)) {
                builder.ping();
                for (SandboxImage image : images) {
                    long start = env.clock().millis();
                    err.println("==> " + image.reference() + " FROM " + base);
                    err.flush();
                    builder.build(image, base, line -> {
                        err.println("    " + line);
                        err.flush();
                    });
                    err.printf("    built %s in %.1fs%n", image.reference(), (env.clock().millis() - start) / 1000.0);
                }
            }
            return ExitCodes.OK;
        }
    }

    /** {@code repofix images list}. */
    @Command(name = "list", mixinStandardHelpOptions = true,
            description = "Shows which sandbox images exist on the Docker engine.")
    static final class ListImages implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        private final Environment env;

        ListImages(Environment env) {
            this.env = env;
        }

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            boolean all = true;
            try (ImageBuilder builder = new ImageBuilder(EngineAddress.of(env.host()), Duration.ofMinutes(1))) {
                builder.ping();
                for (SandboxImage image : SandboxImage.values()) {
                    boolean present = builder.exists(image.reference());
                    all &= present;
                    out.printf("%-28s %s%n", image.reference(), present ? "present" : "missing");
                }
            }
            if (!all) {
                out.println("Build the missing ones with: repofix images build [FAMILY...]");
            }
            return ExitCodes.OK;
        }
    }
}
