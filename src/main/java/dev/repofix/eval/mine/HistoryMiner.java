package dev.repofix.eval.mine;

import dev.repofix.build.TestPathRules;
import dev.repofix.config.RepofixException;
import dev.repofix.config.RepofixException.ErrorKind;
import dev.repofix.eval.cases.CaseLanguage;
import dev.repofix.eval.cases.ReferenceLocations;
import dev.repofix.eval.cases.ReferencePatch;
import dev.repofix.patch.Patch;
import dev.repofix.patch.PatchException;
import dev.repofix.patch.PatchParser;
import dev.repofix.patch.PathSafety;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.diff.DiffEntry;
import org.eclipse.jgit.diff.DiffFormatter;
import org.eclipse.jgit.diff.RawTextComparator;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectLoader;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevSort;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.revwalk.filter.CommitTimeRevFilter;
import org.eclipse.jgit.treewalk.TreeWalk;

/**
 * Walks a repository's history (JGit) for fix commits: a commit whose message says "bug",
 * "fix" or "fixed" as a word, or that closes an issue the {@link IssueTracker} says is a
 * bug. Each becomes a {@link MinedFix}: base = its parent, its diff split into a source
 * part and a test part by the language's test-path rules. Merges, first commits, commits
 * that change no source, and fixes whose source change gives no reference location are
 * skipped and counted by {@link Skip}.
 */
public final class HistoryMiner {
    /** Why a commit gave no case; counted, never silent. */
    public enum Skip {
        MERGE("merge commit"),
        ROOT("first commit: no parent to be the base"),
        NOT_A_FIX("neither the message nor a closed issue says bug or fix"),
        NO_SOURCE_CHANGE("changes no source file (tests, docs or nothing the test-path rules call source)"),
        UNREADABLE_DIFF("a binary or unreadable diff"),
        NO_LOCATION("its source change gives no reference location (only imports, or only new files)"),
        NO_TEST("names no test: its test change defines none (use --verify to find them by running the tests)"),
        TESTS_DO_NOT_RUN("the tests do not run to the end at the parent with the test change, or at the fix"),
        NO_FAIL_TO_PASS("no test fails at the parent with the test change and passes at the fix"),
        CASE_CHECK("fails the case file's checks");

        private final String why;

        Skip(String why) {
            this.why = why;
        }

        /** Why, for people. */
        public String why() {
            return why;
        }
    }

    /**
     * A fix commit as a case-to-be.
     *
     * @param commit   the fix
     * @param parent   its only parent, the case's base
     * @param message  its full message
     * @param patch    its diff, split
     * @param language the language most of its changed files are in
     * @param issues   the bug issues it closes, as the tracker has them
     * @param when     its commit time
     * @param tests    the tests its test change adds or edits, read from the test files as the fix has them
     */
    public record MinedFix(String commit, String parent, String message, ReferencePatch patch, String language,
            List<IssueTracker.TrackedIssue> issues, Instant when, List<String> tests) {
        public MinedFix {
            Objects.requireNonNull(commit, "commit");
            Objects.requireNonNull(parent, "parent");
            Objects.requireNonNull(message, "message");
            Objects.requireNonNull(patch, "patch");
            Objects.requireNonNull(language, "language");
            issues = List.copyOf(issues);
            Objects.requireNonNull(when, "when");
            tests = List.copyOf(tests);
        }

        /** Files the source part changes. */
        public List<String> sourceFiles() {
            return PatchParser.parse(patch.source()).paths();
        }
    }

    /** The fixes found, newest first, and how many commits were skipped for each reason. */
    public record Mining(List<MinedFix> fixes, Map<Skip, Integer> skipped) {
        public Mining {
            fixes = List.copyOf(fixes);
            skipped = Map.copyOf(skipped);
        }
    }

    /** Larger test files are generated: their tests are read from the hunks alone. */
    private static final long MAX_TEST_FILE_BYTES = 2L * 1024 * 1024;

    private final IssueTracker tracker;

    /** @param tracker where closed issues are looked up; {@link IssueTracker#none()} for messages alone */
    public HistoryMiner(IssueTracker tracker) {
        this.tracker = Objects.requireNonNull(tracker, "tracker");
    }

    /**
     * The fix commits reachable from {@code ref} in the Git repository at {@code repo},
     * committed at or after {@code since} when given.
     *
     * @throws RepofixException (input) when {@code repo} is no Git repository or {@code ref} names no commit
     */
    public Mining mine(Path repo, String ref, Optional<Instant> since) {
        Map<Skip, Integer> skipped = new EnumMap<>(Skip.class);
        List<MinedFix> fixes = new ArrayList<>();
        try (Git git = Git.open(repo.toFile()); RevWalk walk = new RevWalk(git.getRepository())) {
            Repository repository = git.getRepository();
            ObjectId start = repository.resolve(ref + "^{commit}");
            if (start == null) {
                throw new RepofixException(ErrorKind.INPUT, "no commit " + ref + " in " + repo + "; give --ref a branch, "
                        + "tag or commit of it");
            }
            walk.sort(RevSort.COMMIT_TIME_DESC);
            since.ifPresent(s -> walk.setRevFilter(CommitTimeRevFilter.after(s.toEpochMilli() - 1)));
            walk.markStart(walk.parseCommit(start));
            for (RevCommit commit : walk) {
                switch (classify(repository, commit)) {
                    case Found f -> fixes.add(f.fix());
                    case Skipped s -> skipped.merge(s.why(), 1, Integer::sum);
                }
            }
        } catch (IOException e) {
            throw new RepofixException(ErrorKind.INPUT, "cannot read the Git history of " + repo + ": " + e.getMessage()
                    + "; give --repo the path of a Git repository", e);
        }
        return new Mining(fixes, skipped);
    }

    /** What one commit gave. */
    private sealed interface Classified permits Found, Skipped {}

    private record Found(MinedFix fix) implements Classified {}

    private record Skipped(Skip why) implements Classified {}

    private Classified classify(Repository repository, RevCommit commit) throws IOException {
        if (commit.getParentCount() > 1) {
            return skip(Skip.MERGE);
        }
        if (commit.getParentCount() == 0) {
            return skip(Skip.ROOT);
        }
        String message = commit.getFullMessage();
        List<IssueTracker.TrackedIssue> bugIssues = FixWords.closedIssues(message).stream()
                .map(tracker::issue).flatMap(Optional::stream).filter(IssueTracker.TrackedIssue::isBug).toList();
        if (!FixWords.saysFix(message) && bugIssues.isEmpty()) {
            return skip(Skip.NOT_A_FIX);
        }
        RevCommit parent = commit.getParent(0);
        String diff = diff(repository, parent, commit);
        Optional<Patch> whole;
        try {
            whole = diff.isBlank() ? Optional.empty() : Optional.of(PatchParser.parse(diff));
        } catch (PatchException e) {
            return skip(Skip.UNREADABLE_DIFF);
        }
        String language = CaseLanguage.derive(whole.map(Patch::paths).orElse(List.of()));
        ReferencePatch split;
        try {
            split = whole.isEmpty() ? new ReferencePatch("", "")
                    : ReferencePatch.split(diff, whole.get(), TestPathRules.of(language));
        } catch (PatchException e) {
            return skip(Skip.UNREADABLE_DIFF);
        }
        if (split.source().isBlank()) {
            return skip(Skip.NO_SOURCE_CHANGE);
        }
        if (diff.contains("\nBinary files ") || diff.startsWith("Binary files ")) {
            return skip(Skip.UNREADABLE_DIFF);
        }
        if (ReferenceLocations.derive(split.source()).isEmpty()) {
            return skip(Skip.NO_LOCATION);
        }
        List<String> tests = TestPatchTests.named(split.test(), path -> textAt(repository, commit, path));
        return new Found(new MinedFix(commit.name(), parent.name(), message, split, language, bugIssues,
                Instant.ofEpochSecond(commit.getCommitTime()), tests));
    }

    /** A Java test file's text at {@code commit}, for reading its tests whole; empty for other files or none. */
    private static Optional<String> textAt(Repository repository, RevCommit commit, String path) {
        if (!path.endsWith(".java")) {
            return Optional.empty();
        }
        try (TreeWalk tree = TreeWalk.forPath(repository, path, commit.getTree())) {
            if (tree == null) {
                return Optional.empty();
            }
            ObjectLoader blob = repository.open(tree.getObjectId(0));
            if (blob.getSize() > MAX_TEST_FILE_BYTES) {
                return Optional.empty();
            }
            return Optional.of(new String(blob.getBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            // The hunks' text is read instead.
            return Optional.empty();
        }
    }

    private static Classified skip(Skip why) {
        return new Skipped(why);
    }

    /** The commit's change as {@code git diff parent commit} writes it: three lines of context, no renames. */
    private static String diff(Repository repository, RevCommit parent, RevCommit commit) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (DiffFormatter f = new DiffFormatter(out)) {
            f.setRepository(repository);
            f.setDiffComparator(RawTextComparator.DEFAULT);
            f.setContext(3);
            f.setDetectRenames(false);
            // CI configuration, Git's files and build wrappers are no part of a fix a patch
            // may make (the validator refuses them), so a case never carries them.
            List<DiffEntry> entries = new ArrayList<>(f.scan(parent.getTree(), commit.getTree()));
            entries.removeIf(e -> PathSafety.protectedRefusal(e.getChangeType() == DiffEntry.ChangeType.DELETE
                    ? e.getOldPath() : e.getNewPath()).isPresent());
            f.format(entries);
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
