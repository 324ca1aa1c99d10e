package dev.repofix.cli;

import dev.repofix.config.HostEnvironment;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;

/** Entry point of the {@code repofix} command. */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        Environment env = new Environment(HostEnvironment.fromSystem(), Clock.systemUTC(),
                Path.of(System.getProperty("java.io.tmpdir")), System.console() != null);
        System.exit(Cli.run(args, out, err, env));
    }
}
