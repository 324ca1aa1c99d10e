package dev.repofix.history;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Debian's chromium, run headless on one page, for the dashboard's browser test. Chromium logs
 * every console message of a page (errors, warnings, Content-Security-Policy violations, plain
 * logs alike) on stderr as {@code INFO:CONSOLE...} lines when started with
 * {@code --enable-logging=stderr}, without telling their level apart; the dashboard has no
 * script, so any such line is a fault.
 */
final class DashboardChromium {
    private static final long TIMEOUT_SECONDS = 90;

    private final Path binary;
    private final Path workDir;

    /** @param workDir a folder of this test's own for the browser's profile and output */
    DashboardChromium(Path workDir) {
        this.binary = find();
        this.workDir = workDir;
    }

    /** What one headless run printed. */
    record Output(String stdout, String stderr) {
        List<String> consoleLines() {
            return stderr.lines().filter(l -> l.contains(":CONSOLE")).toList();
        }
    }

    /** The page's DOM after load, as chromium serializes it. */
    Output dumpDom(Path page) throws IOException, InterruptedException {
        return run(page, "--dump-dom");
    }

    /** A PNG of the page's first {@code width x height} pixels, written to {@code png}. */
    Output screenshot(Path page, Path png, int width, int height) throws IOException, InterruptedException {
        Files.createDirectories(png.toAbsolutePath().getParent());
        return run(page, "--screenshot=" + png.toAbsolutePath(), "--window-size=" + width + "," + height,
                "--hide-scrollbars");
    }

    private Output run(Path page, String... action) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory(workDir, "profile-");
        Path out = workDir.resolve(profile.getFileName() + ".out");
        Path err = workDir.resolve(profile.getFileName() + ".err");
        List<String> command = new ArrayList<>(List.of(binary.toString(), "--headless", "--no-sandbox",
                "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--user-data-dir=" + profile,
                "--enable-logging=stderr", "--v=0"));
        command.addAll(List.of(action));
        command.add(page.toAbsolutePath().toUri().toString());
        Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new AssertionError("chromium did not finish on " + page + " in " + TIMEOUT_SECONDS + "s; its log: "
                    + Files.readString(err, StandardCharsets.UTF_8));
        }
        Output output = new Output(Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
        if (p.exitValue() != 0) {
            throw new AssertionError("chromium exited " + p.exitValue() + " on " + page + "; its log: "
                    + output.stderr());
        }
        return output;
    }

    private static Path find() {
        String path = System.getenv().getOrDefault("PATH", "");
        return Stream.of(path.split(java.io.File.pathSeparator)).filter(d -> !d.isEmpty())
                .flatMap(d -> Stream.of(Path.of(d, "chromium"), Path.of(d, "chromium-browser")))
                .filter(Files::isExecutable).findFirst()
                .orElseThrow(() -> new AssertionError("no chromium on the PATH: install Debian's chromium package "
                        + "(.ci/run does) to run the browser tests"));
    }
}
