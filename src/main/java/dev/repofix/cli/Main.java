package dev.repofix.cli;

import dev.repofix.app.Environment;
import dev.repofix.config.HostEnvironment;
import dev.repofix.exec.Cancellation;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Entry point of the {@code repofix} command. */
public final class Main {
    /** How long an interrupted run may take to stop its commands and write its report. */
    private static final Duration STOP_GRACE = Duration.ofSeconds(30);
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
        Cancellation cancellation = new Cancellation();
        CountDownLatch finished = new CountDownLatch(1);
        AtomicInteger exitCode = new AtomicInteger(ExitCodes.ERROR);
        onInterrupt(Thread.currentThread(), cancellation, finished, exitCode);
        Environment env = new Environment(HostEnvironment.fromSystem(), Clock.systemUTC(),
                Path.of(System.getProperty("java.io.tmpdir")), System.console() != null, cancellation);
        int code = Cli.run(args, out, err, env);
        exitCode.set(code);
        finished.countDown();
        System.exit(code);
    }

    /**
     * Ctrl-C or a cancelled CI job (SIGINT, SIGTERM) starts the JVM's shutdown while the
     * command runs: the run is told it is cancelled and its thread interrupted, so that it
     * stops its commands and still writes its report (status CANCELLED); then the process
     * ends with that report's exit code. A run that is not done within {@link #STOP_GRACE}
     * is left to the JVM's own exit.
     */
    private static void onInterrupt(Thread command, Cancellation cancellation, CountDownLatch finished,
            AtomicInteger exitCode) {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (finished.getCount() == 0) {
                return; // an ordinary exit
            }
            cancellation.cancel("interrupted (SIGINT or SIGTERM)");
            command.interrupt();
            try {
                if (finished.await(STOP_GRACE.toSeconds(), TimeUnit.SECONDS)) {
                    // System.exit from the command's thread waits on this hook: end here with its code.
                    Runtime.getRuntime().halt(exitCode.get());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "repofix-cancel"));
    }
}
