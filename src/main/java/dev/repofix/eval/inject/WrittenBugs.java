package dev.repofix.eval.inject;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.repofix.config.RepofixException;
import dev.repofix.config.RepofixException.ErrorKind;
import dev.repofix.stage.BugType;
import dev.repofix.workspace.Workspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Bugs written by hand into a repository whose tests pass, for {@code bench repair --bugs}: each a change of one
 * line, described in a JSON Lines file, in place of injected ones. A bug is kept only when its text is on its line
 * and at least one test then fails, as an injected bug is.
 */
public final class WrittenBugs {
    /** The tag of a case made from a written bug; its family is the tag {@value #FAMILY_TAG} + the family. */
    public static final String TAG = "written-by-hand";
    /** The prefix of the tag that names the family a written bug stands for. */
    public static final String FAMILY_TAG = "family:";

    private static final ObjectMapper JSON = new ObjectMapper();

    private WrittenBugs() {}

    /**
     * One bug: on 1-based {@code line} of {@code file}, the text {@code original} (once on that line) becomes
     * {@code buggy}; a bug that empties the line's code (a deleted statement) leaves the line blank.
     *
     * @param repo   the folder name of the {@code --repo} it is written into; empty when any (a single repository)
     * @param family the fix family it stands for ({@code insert-statement}, {@code compound-op}, ...)
     */
    public record Bug(Optional<String> repo, String file, int line, String original, String buggy, String family) {
        public Bug {
            Objects.requireNonNull(repo, "repo");
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(original, "original");
            Objects.requireNonNull(buggy, "buggy");
            Objects.requireNonNull(family, "family");
            if (line < 1 || original.isEmpty()) {
                throw new IllegalArgumentException("a written bug needs a line from 1 and an original text");
            }
        }

        /** Whether it is written into the repository whose folder is named {@code repoName}. */
        public boolean isFor(String repoName) {
            return repo.map(repoName::equals).orElse(true);
        }

        String where() {
            return repo.map(r -> r + ":").orElse("") + file + ":" + line;
        }
    }

    /**
     * The bugs of a JSON Lines file: one object a line with {@code file}, {@code line}, {@code original},
     * {@code buggy}, {@code family} and optionally {@code repo}; blank lines and lines starting with {@code #} are
     * skipped.
     *
     * @throws RepofixException (input) naming the first line that is not such an object
     */
    public static List<Bug> read(Path path) {
        List<String> lines;
        try {
            lines = Files.readAllLines(path);
        } catch (IOException e) {
            throw new RepofixException(ErrorKind.INPUT, "cannot read the bugs file " + path + ": " + e.getMessage(), e);
        }
        List<Bug> out = new ArrayList<>();
        for (int n = 0; n < lines.size(); n++) {
            String text = lines.get(n).strip();
            if (!text.isEmpty() && !text.startsWith("#")) {
                out.add(parse(path, n + 1, text));
            }
        }
        return out;
    }

    private static Bug parse(Path path, int n, String text) {
        try {
            JsonNode node = JSON.readTree(text);
            if (node == null || !node.isObject() || !node.path("line").canConvertToInt()) {
                throw new IllegalArgumentException("not an object with a whole-number line");
            }
            return new Bug(node.hasNonNull("repo") ? Optional.of(node.get("repo").asText()) : Optional.empty(),
                    required(node, "file"), node.get("line").asInt(), required(node, "original"),
                    node.path("buggy").isTextual() ? node.get("buggy").asText() : required(node, "buggy"),
                    required(node, "family"));
        } catch (IOException | IllegalArgumentException e) {
            throw new RepofixException(ErrorKind.INPUT, path + " line " + n + " is no written bug (" + e.getMessage()
                    + "); each line needs {\"file\", \"line\", \"original\", \"buggy\", \"family\"} and may name a "
                    + "\"repo\"", e);
        }
    }

    private static String required(JsonNode node, String field) {
        if (!node.path(field).isTextual() || node.get(field).asText().isEmpty()) {
            throw new IllegalArgumentException("no text \"" + field + "\"");
        }
        return node.get(field).asText();
    }

    /**
     * The injections of {@code bugs} in {@code ws}: the line with the bug's text replaced.
     *
     * @throws RepofixException (input) naming every bug whose file is not read or whose text is not once on its line
     */
    public static List<BugInjector.Injection> injections(Workspace ws, List<Bug> bugs) {
        List<BugInjector.Injection> out = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        for (Bug bug : bugs) {
            Optional<String> text = BugInjector.read(ws.files().reader(), bug.file());
            List<String> lines = text.map(t -> dev.repofix.patch.TextFile.parse(t).lines()).orElse(List.of());
            if (text.isEmpty() || bug.line() > lines.size()) {
                refused.add(bug.where() + ": no such file or line");
                continue;
            }
            String line = lines.get(bug.line() - 1);
            int at = line.indexOf(bug.original());
            if (at < 0 || line.indexOf(bug.original(), at + 1) >= 0) {
                refused.add(bug.where() + ": `" + bug.original() + "` is " + (at < 0 ? "not" : "more than once")
                        + " on the line");
                continue;
            }
            String buggy = line.substring(0, at) + bug.buggy() + line.substring(at + bug.original().length());
            out.add(new BugInjector.Injection(bug.file(), bug.line(), line, buggy.isBlank() ? "" : buggy,
                    maker(bug.family()), "written by hand (" + bug.family() + "): `" + bug.original().strip()
                    + "` -> `" + bug.buggy().strip() + "`"));
        }
        if (!refused.isEmpty()) {
            throw new RepofixException(ErrorKind.INPUT, refused.size() + " written bug(s) refused: "
                    + String.join("; ", refused));
        }
        return out;
    }

    /**
     * Each bug of {@code bugs} tried alone in a fresh copy of {@code ws}: kept when a test then fails; a bug no test
     * shows (or that breaks the build) is refused and {@code refused} is told which and why.
     *
     * @throws RepofixException (input) when the repository's tests do not pass, or a bug's text is not found
     */
    public static List<BugInjector.Injected> tried(BugInjector injector, Workspace ws, Optional<String> testCommand,
            List<Bug> bugs, Consumer<String> refused) {
        List<BugInjector.Injection> injections = injections(ws, bugs);
        BugInjector.Prepared prepared = injector.prepare(ws, testCommand);
        List<BugInjector.Injected> out = new ArrayList<>();
        for (int i = 0; i < injections.size(); i++) {
            switch (injector.tryGroup(ws, prepared, List.of(injections.get(i)))) {
                case BugInjector.Tried.Kept k -> out.add(k.bug());
                case BugInjector.Tried.Dropped d -> refused.accept(bugs.get(i).where() + " (" + bugs.get(i).family()
                        + "): " + d.why());
            }
        }
        return out;
    }

    private static BugInjector.Maker maker(String family) {
        return new BugInjector.Maker(FAMILY_TAG + family, BugType.LOGIC.label(), true);
    }
}
