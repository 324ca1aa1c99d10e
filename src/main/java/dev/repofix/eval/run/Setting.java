package dev.repofix.eval.run;

import dev.repofix.config.ConfigException;
import dev.repofix.stage.IssueDraft;
import dev.repofix.stage.Localization;
import dev.repofix.stage.StageInputs;
import dev.repofix.stage.StageInputs.Step;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The benchmark's input settings: which stage a run scores and what its prompts show.
 * "origin" shows the repository and its failing tests (ids and frames, no messages);
 * "message" adds the failures' messages, traces and log tail; "oracle" adds the case's
 * reference issue (title and description) to "message"; ".loc" adds the reference
 * locations, ".exp" the reference explanation. Only the scored stage is asked of the
 * model, except {@link #LOCALIZE_ISSUE}, which localizes from the model's own issue.
 * See docs/eval.md, "Settings".
 */
public enum Setting {
    ISSUE_ORIGIN("issue:origin", Step.ISSUE, false, false, false, false),
    ISSUE_MESSAGE("issue:message", Step.ISSUE, true, false, false, false),
    LOCALIZE_ISSUE("localize:issue", Step.LOCALIZE, true, false, false, false),
    LOCALIZE_ORACLE("localize:oracle", Step.LOCALIZE, true, true, false, false),
    LOCALIZE_ORACLE_EXP("localize:oracle.exp", Step.LOCALIZE, true, true, true, false),
    PATCH_ORIGIN("patch:origin", Step.PATCH, false, false, false, false),
    PATCH_MESSAGE("patch:message", Step.PATCH, true, false, false, false),
    PATCH_ORIGIN_LOC("patch:origin.loc", Step.PATCH, false, false, false, true),
    PATCH_MESSAGE_LOC("patch:message.loc", Step.PATCH, true, false, false, true),
    PATCH_ORACLE("patch:oracle", Step.PATCH, true, true, false, false),
    PATCH_ORACLE_LOC("patch:oracle.loc", Step.PATCH, true, true, false, true),
    PATCH_ORACLE_EXP("patch:oracle.exp", Step.PATCH, true, true, true, false);

    /** The name that stands for every setting. */
    public static final String ALL = "all";

    private final String id;
    private final Step scored;
    private final boolean showsMessages;
    private final boolean showsIssue;
    private final boolean showsExplanation;
    private final boolean showsLocations;

    Setting(String id, Step scored, boolean showsMessages, boolean showsIssue, boolean showsExplanation,
            boolean showsLocations) {
        this.id = id;
        this.scored = scored;
        this.showsMessages = showsMessages;
        this.showsIssue = showsIssue;
        this.showsExplanation = showsExplanation;
        this.showsLocations = showsLocations;
    }

    /** The name {@code --setting} takes and results carry, e.g. "patch:message.loc". */
    public String id() {
        return id;
    }

    /** The one stage this setting scores. */
    public Step scored() {
        return scored;
    }

    /** The stages the model is asked: the scored one, and the issue too for {@link #LOCALIZE_ISSUE}. */
    public Set<Step> asked() {
        return this == LOCALIZE_ISSUE ? Set.of(Step.ISSUE, Step.LOCALIZE) : Set.of(scored);
    }

    /**
     * What the stages run from for one case under this setting. The reference issue is shown
     * without its explanation; ".exp" settings show {@code explanation}, or the reference
     * issue's own explanation when {@code explanation} is blank.
     *
     * @param caseId             the case, for replay keys
     * @param referenceIssue     the case's reference issue
     * @param referenceLocations the case's reference locations
     * @param explanation        the case's reference explanation; may be blank
     */
    public StageInputs inputs(String caseId, IssueDraft referenceIssue, Localization referenceLocations,
            String explanation) {
        Objects.requireNonNull(referenceIssue, "referenceIssue");
        Objects.requireNonNull(referenceLocations, "referenceLocations");
        Objects.requireNonNull(explanation, "explanation");
        StageInputs inputs = StageInputs.chained().withCaseId(caseId).asking(asked());
        if (!showsMessages) {
            inputs = inputs.withoutMessages();
        }
        if (showsIssue) {
            inputs = inputs.withIssue(new IssueDraft(referenceIssue.title(), referenceIssue.description(), "",
                    referenceIssue.bugType()));
        }
        if (showsExplanation) {
            inputs = inputs.withExplanation(explanation.isBlank() ? referenceIssue.explanation() : explanation);
        }
        return showsLocations ? inputs.withLocalization(referenceLocations) : inputs.withoutLocalizationInPatch();
    }

    /** The setting named {@code name} (ignoring case and surrounding blanks). */
    public static Setting named(String name) {
        String wanted = name.strip().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(s -> s.id.equals(wanted)).findFirst()
                .orElseThrow(() -> unknown(name));
    }

    /**
     * The settings {@code names} name, each once, in the order first named; {@value #ALL}
     * stands for every setting, and a name may list several separated by commas.
     *
     * @throws ConfigException naming the unknown name and every valid one
     */
    public static List<Setting> parse(Collection<String> names) {
        Set<Setting> out = new LinkedHashSet<>();
        for (String list : names) {
            for (String name : list.split(",")) {
                if (name.strip().equalsIgnoreCase(ALL)) {
                    out.addAll(List.of(values()));
                } else if (!name.isBlank()) {
                    out.add(named(name));
                }
            }
        }
        if (out.isEmpty()) {
            throw new ConfigException("no setting given; name one or more of: " + validNames());
        }
        return List.copyOf(out);
    }

    @Override
    public String toString() {
        return id;
    }

    private static ConfigException unknown(String name) {
        return new ConfigException("unknown setting '" + name.strip() + "'; valid settings are: " + validNames());
    }

    private static String validNames() {
        return Arrays.stream(values()).map(Setting::id).collect(Collectors.joining(", ")) + " and " + ALL;
    }
}
