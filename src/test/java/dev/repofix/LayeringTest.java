package dev.repofix;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.EvaluationResult;
import com.tngtech.archunit.library.Architectures;
import com.tngtech.archunit.library.dependencies.SlicesRuleDefinition;
import dev.repofix.config.archfixture.ConfigUsingCli;
import dev.repofix.eval.cases.EvalCase;
import dev.repofix.eval.cases.archfixture.CaseUsingRunner;
import dev.repofix.eval.inject.archfixture.InjectionUsingMining;
import dev.repofix.eval.mine.IssueTracker;
import dev.repofix.eval.run.EvalRunner;
import dev.repofix.repair.localize.archfixture.LocalizeUsingTemplates;
import dev.repofix.repair.templates.LineEdit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The package table of ARCHITECTURE.md, bottom-up: a package may use only those
 * listed before it. Inside {@code eval}, its sub-packages in tiers, bottom-up: a
 * sub-package may use only those of the tiers before its own, never one beside it.
 */
class LayeringTest {
    static final List<String> LAYERS = List.of(
            "config", "workspace", "exec", "build", "env", "testrun", "context", "patch", "model", "stage",
            "validate", "repair", "pipeline", "report", "history", "eval", "app", "cli");

    /**
     * {@code eval}'s sub-packages, bottom-up: the case model and case files; a result and its
     * store; the scores (metrics, judge, report) and the benchmark's own check (gold, empty);
     * the runner; then the three case sources and SWE-bench's formats, which share nothing.
     */
    static final List<List<String>> EVAL_TIERS = List.of(
            List.of("cases"), List.of("result"), List.of("score", "gold"), List.of("run"),
            List.of("swebench", "mine", "inject"));

    static Architectures.LayeredArchitecture rule() {
        Architectures.LayeredArchitecture arch = Architectures.layeredArchitecture()
                .consideringOnlyDependenciesInLayers()
                .withOptionalLayers(true);
        for (String layer : LAYERS) {
            arch = arch.layer(layer).definedBy("dev.repofix." + layer + "..");
        }
        for (int i = 0; i < LAYERS.size() - 1; i++) {
            String[] above = LAYERS.subList(i + 1, LAYERS.size()).toArray(String[]::new);
            arch = arch.whereLayer(LAYERS.get(i)).mayOnlyBeAccessedByLayers(above);
        }
        return arch.whereLayer("cli").mayNotBeAccessedByAnyLayer();
    }

    /** The eval tiers as a layered rule; {@code optionalLayers} only for a rule run on a few classes. */
    static Architectures.LayeredArchitecture evalRule(boolean optionalLayers) {
        Architectures.LayeredArchitecture arch = Architectures.layeredArchitecture()
                .consideringOnlyDependenciesInLayers()
                .withOptionalLayers(optionalLayers);
        for (List<String> tier : EVAL_TIERS) {
            for (String sub : tier) {
                arch = arch.layer(sub).definedBy("dev.repofix.eval." + sub + "..");
            }
        }
        for (int i = 0; i < EVAL_TIERS.size(); i++) {
            List<String> above = new ArrayList<>();
            EVAL_TIERS.subList(i + 1, EVAL_TIERS.size()).forEach(above::addAll);
            for (String sub : EVAL_TIERS.get(i)) {
                arch = above.isEmpty() ? arch.whereLayer(sub).mayNotBeAccessedByAnyLayer()
                        : arch.whereLayer(sub).mayOnlyBeAccessedByLayers(above.toArray(String[]::new));
            }
        }
        return arch;
    }

    /** Imported once: reading every class file is most of this test's time. */
    private static JavaClasses main;

    static synchronized JavaClasses mainClasses() {
        if (main == null) {
            main = new ClassFileImporter()
                    .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                    .importPackages("dev.repofix");
        }
        return main;
    }

    /**
     * The parts of the builtin engine ({@code repair}), each with the parts it may use:
     * {@code source} (files, lexing, syntax trees) at the bottom; {@code localize} and
     * {@code templates} beside each other above it, the language templates on the shared
     * template model; {@code propose} (which templates for a file, the order candidates come
     * in) over the templates; the engine itself ({@code BuiltinStages}) on top.
     */
    static final Map<String, List<String>> REPAIR_USERS = Map.of(
            "source", List.of("localize", "templates", "templates.java", "templates.python", "propose", "engine"),
            "localize", List.of("engine"),
            "templates", List.of("templates.java", "templates.python", "propose", "engine"),
            "templates.java", List.of("propose", "engine"),
            "templates.python", List.of("propose", "engine"),
            "propose", List.of("engine"));

    static Architectures.LayeredArchitecture repairRule() {
        Architectures.LayeredArchitecture arch = Architectures.layeredArchitecture()
                .consideringOnlyDependenciesInLayers()
                .withOptionalLayers(true)
                .layer("engine").definedBy("dev.repofix.repair")
                .layer("templates").definedBy("dev.repofix.repair.templates");
        for (String part : List.of("source", "localize", "templates.java", "templates.python", "propose")) {
            arch = arch.layer(part).definedBy("dev.repofix.repair." + part + "..");
        }
        for (Map.Entry<String, List<String>> e : REPAIR_USERS.entrySet()) {
            arch = arch.whereLayer(e.getKey()).mayOnlyBeAccessedByLayers(e.getValue().toArray(String[]::new));
        }
        return arch.whereLayer("engine").mayNotBeAccessedByAnyLayer();
    }

    @Test
    void repairPartsUseOnlyThePartsBelowThem() {
        JavaClasses main = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.repofix.repair");
        repairRule().check(main);
        SlicesRuleDefinition.slices().matching("dev.repofix.repair.(**)").should().beFreeOfCycles().check(main);
    }

    @Test
    void repairRuleCatchesAPartUsingOneBesideIt() {
        JavaClasses offending = new ClassFileImporter().importClasses(LocalizeUsingTemplates.class, LineEdit.class);
        EvaluationResult result = repairRule().evaluate(offending);
        assertThat(result.hasViolation()).isTrue();
        assertThat(Arrays.toString(result.getFailureReport().getDetails().toArray()))
                .contains("LocalizeUsingTemplates").contains("LineEdit");
    }

    @Test
    void packagesUseOnlyPackagesBelowThem() {
        rule().check(mainClasses());
    }

    @Test
    void evalSubPackagesUseOnlyTiersBelowThem() {
        evalRule(false).check(mainClasses());
    }

    @Test
    void evalSubPackagesHaveNoCycles() {
        slices().matching("dev.repofix.eval.(*)..").should().beFreeOfCycles().check(mainClasses());
    }

    @Test
    void everyEvalClassIsInASubPackage() {
        noClasses().that().doNotHaveSimpleName("package-info").should().resideInAPackage("dev.repofix.eval").check(mainClasses());
    }

    @Test
    void ruleCatchesALowerPackageUsingAHigherOne() {
        JavaClasses offending = new ClassFileImporter().importClasses(ConfigUsingCli.class,
                dev.repofix.app.Environment.class);
        EvaluationResult result = rule().evaluate(offending);
        assertThat(result.hasViolation()).isTrue();
        assertThat(Arrays.toString(result.getFailureReport().getDetails().toArray()))
                .contains("ConfigUsingCli").contains("Environment");
    }

    @Test
    void evalRuleCatchesALowerSubPackageUsingAHigherOne() {
        JavaClasses offending = new ClassFileImporter().importClasses(CaseUsingRunner.class, EvalRunner.class);
        EvaluationResult result = evalRule(true).evaluate(offending);
        assertThat(result.hasViolation()).isTrue();
        assertThat(Arrays.toString(result.getFailureReport().getDetails().toArray()))
                .contains("CaseUsingRunner").contains("EvalRunner");
    }

    @Test
    void evalRuleCatchesASubPackageUsingOneBesideIt() {
        JavaClasses offending = new ClassFileImporter().importClasses(InjectionUsingMining.class, IssueTracker.class);
        EvaluationResult result = evalRule(true).evaluate(offending);
        assertThat(result.hasViolation()).isTrue();
        assertThat(Arrays.toString(result.getFailureReport().getDetails().toArray()))
                .contains("InjectionUsingMining").contains("IssueTracker");
    }

    @Test
    void cycleRuleCatchesTwoSubPackagesUsingEachOther() {
        JavaClasses offending = new ClassFileImporter().importClasses(CaseUsingRunner.class, EvalRunner.class,
                EvalCase.class);
        EvaluationResult result = slices().matching("dev.repofix.eval.(*)..").should().beFreeOfCycles()
                .evaluate(offending);
        assertThat(result.hasViolation()).isTrue();
        assertThat(Arrays.toString(result.getFailureReport().getDetails().toArray()))
                .contains("cases").contains("run");
    }
}
