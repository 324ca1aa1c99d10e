package dev.repofix.repair.propose;

import dev.repofix.repair.source.PythonTrees;
import dev.repofix.repair.source.SourceFile;
import dev.repofix.repair.templates.FixTemplate;
import dev.repofix.repair.templates.LineEdit;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/** What the Python templates propose for a line of one module, as whole patched files, and whether those run. */
final class PythonCandidates {
    /** One candidate: its family, its description and the file's text once applied. */
    record Candidate(String strategy, String description, String patched) {}

    private PythonCandidates() {}

    static PythonTrees trees() {
        return new PythonTrees(System.getenv().getOrDefault("PATH", ""), Duration.ofSeconds(20));
    }

    /** Every family's edits of {@code line}, in the order a run tries them, one per produced text. */
    static List<Candidate> of(String path, String source, int line) {
        SourceFile file = SourceFile.of(path, source);
        List<Candidate> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (FixTemplate template : FixTemplates.python(trees())) {
            for (LineEdit edit : template.propose(file, line)) {
                String patched = JavaCandidates.applied(source, edit);
                if (seen.add(patched)) {
                    out.add(new Candidate(template.name(), edit.description(), patched));
                }
            }
        }
        return out;
    }

    /** The exit code and output of {@code python3 -c program arg}, within a minute. */
    static Result python(Path dir, String program, String... args) {
        List<String> argv = new ArrayList<>(List.of("python3", "-c", program));
        argv.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(argv).directory(dir.toFile()).redirectErrorStream(true).start();
            p.getOutputStream().close();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return new Result(-1, "timed out");
            }
            return new Result(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Whether {@code source} parses as Python. */
    static boolean parses(Path dir, String source) {
        try {
            Path file = Files.writeString(Files.createTempFile(dir, "cand", ".py"), source);
            return python(dir, "import ast,sys; ast.parse(open(sys.argv[1]).read())", file.toString()).exitCode() == 0;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    record Result(int exitCode, String output) {}
}
