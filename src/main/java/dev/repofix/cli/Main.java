package dev.repofix.cli;

import dev.repofix.config.HostEnvironment;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Entry point of the {@code repofix} command. */
public final class Main {
    /**
     * Lucene's vectorization provider warns through java.util.logging, once a run, on every
     * JDK whose Vector API it does not use: "Java vector incubator module is not readable"
     * on 20 to 23 (with {@code --add-modules jdk.incubator.vector} the JVM warns about
     * incubator modules instead), "please update Apache Lucene" from 24 on. It is about
     * vector search, which repofix does not do (BM25 over text), so it only confuses users.
     * Held in a field: java.util.logging keeps loggers weakly, and a collected one forgets
     * its level.
     */
    private static final Logger LUCENE_VECTORIZATION = Logger.getLogger("org.apache.lucene.internal.vectorization");

    private Main() {}

    public static void main(String[] args) {
        LUCENE_VECTORIZATION.setLevel(Level.SEVERE); // before any command loads Lucene
        PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        Environment env = new Environment(HostEnvironment.fromSystem(), Clock.systemUTC(),
                Path.of(System.getProperty("java.io.tmpdir")), System.console() != null);
        System.exit(Cli.run(args, out, err, env));
    }
}
