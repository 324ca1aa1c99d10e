package dev.repofix.history;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * Eval runs side by side (models, settings): what each resolved, applied and localized, what
 * it cost per resolved case and how long a case took, and the cases some resolved and others
 * did not. Built from the history's case scores, so {@code eval report --compare} (from result
 * folders) and the dashboard (from the store) show one table. Pure.
 *
 * @param rows          one per entry, the most resolved first
 * @param disagreements the cases resolved by some entries but not all, by case id; each has one
 *                      outcome per row, in the rows' order
 */
public record Leaderboard(List<Row> rows, List<Disagreement> disagreements) {
    public Leaderboard {
        rows = List.copyOf(rows);
        disagreements = List.copyOf(disagreements);
    }

    /**
     * One run's cases of one setting: a column to compare.
     *
     * @param label   what names the run (a results folder, a run id); untrusted text, escaped where shown
     * @param model   what answered the stages
     * @param setting the input setting; empty for the chained pipeline
     * @param cases   its cases, SCORED or not
     */
    public record Entry(String label, String model, String setting, List<CaseScore> cases) {
        public Entry {
            Objects.requireNonNull(label, "label");
            Objects.requireNonNull(model, "model");
            Objects.requireNonNull(setting, "setting");
            cases = List.copyOf(cases);
        }
    }

    /**
     * One entry's figures.
     *
     * @param label           the entry's label
     * @param model           its model
     * @param setting         its setting ("" for the chained pipeline)
     * @param scored          results that were SCORED
     * @param resolved        scored results that were fixed (a VALID patch)
     * @param applied         scored results where some candidate applied
     * @param meanF1          localization F1 averaged over the scored results, 0-1
     * @param costUsd         model cost over all results; empty when none was priced
     * @param costPerResolved cost / resolved; empty when unpriced or nothing was resolved
     * @param meanMillis      wall time per result, over all results
     * @param notScored       ERROR, BROKEN and FLAKY results, counted apart
     */
    public record Row(String label, String model, String setting, int scored, int resolved, int applied,
            double meanF1, OptionalDouble costUsd, OptionalDouble costPerResolved, double meanMillis, int notScored) {
        public Row {
            Objects.requireNonNull(label, "label");
            Objects.requireNonNull(model, "model");
            Objects.requireNonNull(setting, "setting");
            Objects.requireNonNull(costUsd, "costUsd");
            Objects.requireNonNull(costPerResolved, "costPerResolved");
        }

        /** resolved / scored; 0 when nothing was scored. */
        public double resolvedShare() {
            return scored == 0 ? 0 : (double) resolved / scored;
        }

        /** applied / scored; 0 when nothing was scored. */
        public double applyShare() {
            return scored == 0 ? 0 : (double) applied / scored;
        }
    }

    /** How one entry ended on one case. */
    public enum Outcome {
        /** Some result of the case was fixed. */
        RESOLVED,
        /** Scored, never fixed. */
        NOT_RESOLVED,
        /** Not scored (ERROR, BROKEN or FLAKY): the entry has no answer to compare. */
        NOT_SCORED,
        /** The entry has no result for the case. */
        ABSENT
    }

    /**
     * A case the entries disagree on.
     *
     * @param caseId   the case's id
     * @param outcomes one per row, in the rows' order
     */
    public record Disagreement(String caseId, List<Outcome> outcomes) {
        public Disagreement {
            Objects.requireNonNull(caseId, "caseId");
            outcomes = List.copyOf(outcomes);
        }
    }

    /** The leaderboard of {@code entries}, in any order. */
    public static Leaderboard of(List<Entry> entries) {
        record Scored(Row row, Entry entry) {}
        List<Scored> scored = new ArrayList<>(entries.stream().map(e -> new Scored(row(e), e)).toList());
        scored.sort(Comparator.comparingDouble((Scored s) -> s.row().resolvedShare()).reversed()
                .thenComparing(s -> s.row().label()).thenComparing(s -> s.row().setting()));
        List<Row> rows = scored.stream().map(Scored::row).toList();
        List<Entry> ordered = scored.stream().map(Scored::entry).toList();
        Set<String> caseIds = new LinkedHashSet<>();
        ordered.forEach(e -> e.cases().forEach(c -> caseIds.add(c.caseId())));
        List<Disagreement> disagreements = new ArrayList<>();
        for (String id : caseIds.stream().sorted().toList()) {
            List<Outcome> outcomes = ordered.stream().map(e -> outcome(e, id)).toList();
            if (outcomes.contains(Outcome.RESOLVED) && outcomes.stream().anyMatch(o -> o != Outcome.RESOLVED)) {
                disagreements.add(new Disagreement(id, outcomes));
            }
        }
        return new Leaderboard(rows, disagreements);
    }

    private static Row row(Entry e) {
        List<CaseScore> scored = e.cases().stream().filter(CaseScore::scored).toList();
        int resolved = (int) scored.stream().filter(CaseScore::fixed).count();
        boolean priced = e.cases().stream().anyMatch(c -> c.costUsd().isPresent());
        OptionalDouble cost = priced ? OptionalDouble.of(e.cases().stream().mapToDouble(c -> c.costUsd().orElse(0)).sum())
                : OptionalDouble.empty();
        OptionalDouble perResolved = cost.isPresent() && resolved > 0 ? OptionalDouble.of(cost.getAsDouble() / resolved)
                : OptionalDouble.empty();
        return new Row(e.label(), e.model(), e.setting(), scored.size(), resolved,
                (int) scored.stream().filter(CaseScore::applied).count(),
                scored.stream().mapToDouble(CaseScore::f1).average().orElse(0), cost, perResolved,
                e.cases().stream().mapToLong(CaseScore::millis).average().orElse(0),
                e.cases().size() - scored.size());
    }

    private static Outcome outcome(Entry e, String caseId) {
        List<CaseScore> results = e.cases().stream().filter(c -> c.caseId().equals(caseId)).toList();
        if (results.isEmpty()) {
            return Outcome.ABSENT;
        }
        if (results.stream().anyMatch(c -> c.scored() && c.fixed())) {
            return Outcome.RESOLVED;
        }
        return results.stream().anyMatch(CaseScore::scored) ? Outcome.NOT_RESOLVED : Outcome.NOT_SCORED;
    }
}
