package dev.repofix.eval.score;

import dev.repofix.eval.cases.CaseReference;
import dev.repofix.eval.cases.LineRef;
import dev.repofix.eval.result.CaseResult;
import dev.repofix.eval.result.ResultStatus;
import dev.repofix.patch.PatchText;
import dev.repofix.stage.BugType;
import dev.repofix.pipeline.CandidateRecord;
import dev.repofix.pipeline.RunResult;
import dev.repofix.pipeline.RunStatus;
import dev.repofix.pipeline.StageRecord;
import dev.repofix.pipeline.StageStatus;
import dev.repofix.stage.AnswerOutcome;
import dev.repofix.stage.Location;
import dev.repofix.validate.Verdict;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.stream.Collectors;

/** The per-case metrics: pure functions of one result (its run record and its case's reference). */
public final class Scores {
    static final String LOCALIZE = "localize";

    private Scores() {}

    /**
     * @throws IllegalArgumentException when the result is not SCORED: ERROR, BROKEN and FLAKY
     *     cases are counted apart, never scored
     */
    public static CaseScores of(CaseResult result) {
        if (result.status() != ResultStatus.SCORED) {
            throw new IllegalArgumentException(result.key() + " is " + result.status() + ", not SCORED: it is counted "
                    + "apart from the scores");
        }
        RunResult record = result.record().orElseThrow();
        CaseReference ref = result.reference();
        List<LineRef> predicted = predicted(record);
        Set<LineRef> reference = new LinkedHashSet<>(ref.locations());
        int tp = (int) predicted.stream().filter(reference::contains).count();
        double precision = predicted.isEmpty() ? 0 : (double) tp / predicted.size();
        double recall = reference.isEmpty() ? 0 : (double) tp / reference.size();
        Set<String> referenceFiles = reference.stream().map(LineRef::file).collect(Collectors.toSet());
        return new CaseScores(result, loads(record), predicted, tp, precision, recall, f1(precision, recall),
                predicted.stream().anyMatch(l -> referenceFiles.contains(l.file())),
                hitWithin(predicted, reference, 1), hitWithin(predicted, reference, 5),
                ref.cause().map(predicted::contains), ref.effect().map(predicted::contains), applied(record),
                record.status() == RunStatus.FIXED, referenceEqual(record, ref), record.inputTokens(),
                record.outputTokens(), record.costUsd(), stageMs(record),
                result.issueScore().map(s -> OptionalDouble.of(s.score())).orElse(OptionalDouble.empty()),
                bugTypeHit(record, ref), ref.causeLines().isEmpty() ? Optional.empty()
                        : Optional.of(predicted.containsAll(ref.causeLines())));
    }

    /**
     * Whether stage 1 named one of the case's bug types, both read through the one taxonomy
     * ({@link BugType}); "other" identifies nothing. Empty when the case names no type.
     */
    static Optional<Boolean> bugTypeHit(RunResult record, CaseReference ref) {
        if (ref.bugTypes().isEmpty()) {
            return Optional.empty();
        }
        Optional<BugType> said = record.issue().flatMap(i -> BugType.of(i.bugType())).filter(t -> t != BugType.OTHER);
        return Optional.of(said.isPresent() && ref.bugTypes().stream().map(BugType::of)
                .anyMatch(t -> t.equals(said)));
    }

    /**
     * The localization stage produced a usable answer: its stage is OK and, when a model was
     * asked, its answer was usable. A stage not asked of the model (the reference's locations
     * under an oracle setting) does not load: the model did nothing there.
     */
    static boolean loads(RunResult record) {
        return record.stages().stream().anyMatch(s -> s.stage().equals(LOCALIZE) && s.status() == StageStatus.OK
                && s.model().map(m -> m.outcome() == AnswerOutcome.USABLE).orElse(true));
    }

    /** The model stages the run did not ask the model (their output was given), in the record's order. */
    static List<String> notAsked(RunResult record) {
        return record.stages().stream().filter(s -> s.model().filter(m -> m.outcome() == AnswerOutcome.NOT_ASKED)
                .isPresent()).map(StageRecord::stage).toList();
    }

    /** Predicted lines in ranked order, duplicates collapsed to their first rank. */
    static List<LineRef> predicted(RunResult record) {
        Set<LineRef> lines = new LinkedHashSet<>();
        record.localization().ifPresent(l -> l.locations().stream().map(Scores::line).forEach(lines::add));
        return List.copyOf(lines);
    }

    private static LineRef line(Location l) {
        return new LineRef(l.file(), l.line());
    }

    static double f1(double precision, double recall) {
        return precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall);
    }

    private static boolean hitWithin(List<LineRef> predicted, Set<LineRef> reference, int k) {
        return predicted.subList(0, Math.min(k, predicted.size())).stream().anyMatch(reference::contains);
    }

    /** Some candidate applied: it has a verdict and that verdict is not NOT_APPLIED. */
    static boolean applied(RunResult record) {
        return firstApplied(record).isPresent();
    }

    /** The first candidate, in the order tried, whose patch applied. */
    public static Optional<CandidateRecord> firstApplied(RunResult record) {
        return record.candidates().stream()
                .filter(c -> c.verdict().isPresent() && c.verdict().get() != Verdict.NOT_APPLIED).findFirst();
    }

    private static Optional<Boolean> referenceEqual(RunResult record, CaseReference ref) {
        if (ref.sourcePatch().isBlank() || record.status() != RunStatus.FIXED) {
            return Optional.empty();
        }
        return record.fix().flatMap(fix -> SourceDiffs.sameChange(fix.patch(),
                PatchText.read(ref.sourcePatch()), ref.language()));
    }

    private static Map<String, Long> stageMs(RunResult record) {
        Map<String, Long> out = new LinkedHashMap<>();
        record.timings().forEach((stage, d) -> out.merge(stage, d.toMillis(), Long::sum));
        return out;
    }
}
