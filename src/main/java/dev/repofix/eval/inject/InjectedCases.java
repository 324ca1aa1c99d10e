package dev.repofix.eval.inject;

import dev.repofix.build.BuildDetector;
import dev.repofix.config.RepofixException;
import dev.repofix.config.RepofixException.ErrorKind;
import dev.repofix.eval.cases.CaseLanguage;
import dev.repofix.eval.cases.CaseLine;
import dev.repofix.eval.cases.EvalCase;
import dev.repofix.eval.cases.ReferenceIssue;
import dev.repofix.eval.cases.ReferencePatch;
import dev.repofix.patch.UnifiedDiffs;
import dev.repofix.testrun.StackFrame;
import dev.repofix.testrun.TestResult;
import dev.repofix.testrun.TestRunner;
import dev.repofix.workspace.ConfinedReader;
import dev.repofix.workspace.Workspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.revwalk.RevCommit;

/**
 * Turns injected bugs into benchmark cases over a repository of their own: its first
 * commit is the repository as it was (tests passing), and each case is a branch
 * {@code injected/<id>} with one commit holding the bugs; the case's base commit is that
 * commit, its reference patch the change back (source only: the tests already show the
 * bug), its cause line where the bug was put and its effect line where the first failing
 * test's trace surfaces. A case whose cause and effect differ is tagged multi-hop.
 */
public final class InjectedCases {
    private static final PersonIdent AUTHOR = new PersonIdent("repofix", "repofix@localhost");

    private InjectedCases() {}

    /**
     * Bugs injected into {@code ws} (tests run by {@code runner}) and written as cases
     * over a repository of their own at {@code repoDir}; {@code eval inject}'s and {@code bench repair}'s.
     */
    public static List<EvalCase> inject(TestRunner runner, Workspace ws, Optional<String> testCommand,
            int count, int bugsPerCase, long seed, Duration testTimeout, Path repoDir, String prefix,
            Consumer<String> progress) {
        List<BugInjector.Injected> bugs = new BugInjector(new BuildDetector(), runner, testTimeout)
                .inject(ws, testCommand, count, bugsPerCase, seed, progress);
        return write(ws, bugs, repoDir, prefix, testCommand);
    }

    /**
     * Writes the repository under {@code repoDir} (which must not exist) and returns the cases.
     *
     * @param prefix case ids are {@code <prefix>-<n>}
     */
    public static List<EvalCase> write(Workspace ws, List<BugInjector.Injected> bugs, Path repoDir, String prefix,
            Optional<String> testCommand) {
        if (Files.exists(repoDir)) {
            throw new RepofixException(ErrorKind.INPUT, repoDir + " exists already; give an --out folder that does "
                    + "not hold an earlier injection");
        }
        List<EvalCase> cases = new ArrayList<>();
        try {
            copyTree(ws, repoDir);
            try (Git git = Git.init().setDirectory(repoDir.toFile()).setInitialBranch("main").call()) {
                git.add().addFilepattern(".").call();
                RevCommit clean = git.commit().setMessage("the repository as it was: every test passes")
                        .setAuthor(AUTHOR).setCommitter(AUTHOR).setSign(false).call();
                for (int n = 0; n < bugs.size(); n++) {
                    String id = prefix + "-" + (n + 1);
                    cases.add(commit(git, repoDir, clean, id, bugs.get(n), testCommand));
                }
                git.checkout().setName("main").call();
            }
            return cases;
        } catch (GitAPIException | IOException e) {
            throw new RepofixException(ErrorKind.RUNTIME, "cannot write the injected repository at " + repoDir + ": "
                    + e.getMessage(), e);
        }
    }

    private static EvalCase commit(Git git, Path repoDir, RevCommit clean, String id, BugInjector.Injected bug,
            Optional<String> testCommand) throws GitAPIException, IOException {
        git.checkout().setName(clean.name()).call();
        git.checkout().setCreateBranch(true).setName("injected/" + id).setStartPoint(clean).call();
        Map<String, String[]> changed = new LinkedHashMap<>(); // path -> {clean, buggy}
        ConfinedReader reader = new ConfinedReader(repoDir);
        for (BugInjector.Injection i : bug.injections()) {
            Path file = repoDir.resolve(i.file());
            String now = BugInjector.read(reader, i.file()).orElseThrow(() -> new IOException("cannot read "
                    + i.file() + " of the injected repository"));
            String before = changed.containsKey(i.file()) ? changed.get(i.file())[0] : now;
            String buggy = BugInjector.withLine(now, i.line(), i.buggy());
            Files.writeString(file, buggy);
            changed.put(i.file(), new String[] {before, buggy});
        }
        git.add().addFilepattern(".").call();
        String what = String.join("; ", bug.injections().stream().map(i -> i.file() + ":" + i.line() + " "
                + i.description()).toList());
        RevCommit buggy = git.commit().setMessage("injected: " + what).setAuthor(AUTHOR).setCommitter(AUTHOR)
                .setSign(false).call();
        StringBuilder fix = new StringBuilder();
        changed.forEach((path, texts) -> fix.append(UnifiedDiffs.create(path, texts[1], texts[0])));
        return toCase(id, repoDir, buggy.name(), bug, fix.toString(), testCommand);
    }

    private static EvalCase toCase(String id, Path repoDir, String commit, BugInjector.Injected bug, String fix,
            Optional<String> testCommand) {
        BugInjector.Injection first = bug.injections().get(0);
        TestResult failing = bug.failing().get(0);
        CaseLine cause = new CaseLine(first.file(), first.line());
        Optional<CaseLine> effect = bug.effect().map((StackFrame f) -> new CaseLine(f.file(), f.line()));
        LinkedHashSet<String> types = new LinkedHashSet<>();
        LinkedHashSet<String> tags = new LinkedHashSet<>(List.of("injected"));
        for (BugInjector.Injection i : bug.injections()) {
            types.add(i.maker().bugType());
            tags.add(i.maker().label());
            tags.add(i.maker().inTemplates() ? "in-builtin-templates" : "outside-builtin-templates");
            if (i.maker().label().startsWith(WrittenBugs.FAMILY_TAG)) {
                tags.add(WrittenBugs.TAG);
            }
        }
        if (bug.injections().size() > 1) {
            tags.add("multi-bug");
        }
        if (effect.isPresent() && !effect.get().equals(cause)) {
            tags.add("multi-hop");
        }
        String message = failing.message().strip().lines().findFirst().orElse("");
        ReferenceIssue issue = new ReferenceIssue("`" + failing.id() + "` fails" + (message.isEmpty() ? ""
                : ": " + (message.length() > 100 ? message.substring(0, 97) + "..." : message)),
                bug.failing().size() + " test(s) fail: " + String.join(", ", bug.failing().stream()
                        .map(TestResult::id).limit(10).toList()) + (message.isEmpty() ? "" : "\n\n" + message));
        String language = CaseLanguage.derive(bug.injections().stream().map(BugInjector.Injection::file).toList());
        return new EvalCase(id, repoDir.toAbsolutePath().toString(), commit, testCommand, language,
                bug.failing().stream().map(TestResult::id).toList(), bug.passing(), issue,
                Optional.of("Injected: " + String.join("; ", bug.injections().stream().map(i -> "`" + i.original()
                        .strip() + "` became `" + i.buggy().strip() + "` at " + i.file() + ":" + i.line()).toList())),
                new ReferencePatch(fix, ""), Optional.of(cause), effect, List.copyOf(types), Optional.empty(),
                List.copyOf(tags), List.of(), Optional.empty(), Optional.empty(), Optional.empty());
    }

    private static void copyTree(Workspace ws, Path to) throws IOException {
        for (String rel : ws.files().files()) {
            Path from = ws.root().resolve(rel);
            Path target = to.resolve(rel);
            Files.createDirectories(target.getParent());
            Files.copy(from, target, java.nio.file.LinkOption.NOFOLLOW_LINKS);
        }
    }
}
