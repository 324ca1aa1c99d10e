package dev.repofix.eval.score;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The benchmark's figures for one input setting.
 *
 * @param setting      the setting's name ("" when the run had one)
 * @param overall      every scored case
 * @param byLanguage   one group per language, by name
 * @param byBugType    one group per bug type, by name (a case of several types counts in each)
 * @param byShape      of the cases with a cause line: single-bug and multi-bug, then (of those with an effect
 *                     line too) single-hop and multi-hop; a group with no case is left out
 * @param loadsAtK     k to the share of cases where one of the first k samples' localization parsed
 * @param correlations Pearson's r between issue score, Loads, F1, Apply and Pass across cases
 * @param sweep        one group per context budget, by budget; empty unless results carry two or more budgets
 * @param scores       the per-case scores, by key
 * @param notAsked     the stages no case of the setting asked the model ("issue", "localize", "patch"): their
 *                     output came from the case's reference (or none was wanted), so their figures are not the model's
 */
public record SettingSummary(String setting, Aggregate overall, List<Aggregate> byLanguage,
        List<Aggregate> byBugType, List<Aggregate> byShape, Map<Integer, Rate> loadsAtK, List<Correlation> correlations,
        List<Aggregate> sweep, List<CaseScores> scores, List<String> notAsked) {
    public SettingSummary {
        Objects.requireNonNull(setting, "setting");
        Objects.requireNonNull(overall, "overall");
        byLanguage = List.copyOf(byLanguage);
        byBugType = List.copyOf(byBugType);
        byShape = List.copyOf(byShape);
        loadsAtK = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(loadsAtK));
        correlations = List.copyOf(correlations);
        sweep = List.copyOf(sweep);
        scores = List.copyOf(scores);
        notAsked = List.copyOf(notAsked);
    }

    /** Whether the model was asked {@code stage} in some case of this setting. */
    public boolean asked(String stage) {
        return !notAsked.contains(stage);
    }
}
