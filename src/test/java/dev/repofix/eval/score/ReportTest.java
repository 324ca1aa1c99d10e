package dev.repofix.eval.score;

import static dev.repofix.eval.result.Results.CALC;
import static dev.repofix.eval.result.Results.at;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.repofix.config.RepofixException;
import dev.repofix.eval.result.IssueScore;
import dev.repofix.eval.result.ResultStatus;
import dev.repofix.eval.result.ResultStore;
import dev.repofix.eval.result.Results;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

class ReportTest {
    @TempDir
    Path temp;

    /** Three scored cases over two budgets and two languages, one ERROR and one BROKEN. */
    private Path results() {
        ResultStore store = new ResultStore(temp.resolve("results"));
        Results fixed = Results.scored().predicting(at(CALC, 11), at(CALC, 12)).fixedWith(Results.FIX);
        fixed.caseId = "a";
        fixed.contextTokens = OptionalInt.of(4000);
        fixed.issueScore = Optional.of(new IssueScore(8, 7, 6, 7, 70, "judge", "v1"));
        Results missed = Results.scored();
        missed.caseId = "b";
        missed.language = "python";
        missed.bugTypes = List.of("off-by-one");
        missed.contextTokens = OptionalInt.of(8000);
        missed.issueScore = Optional.of(new IssueScore(4, 4, 4, 4, 40, "judge", "v1"));
        Results unparsed = Results.scored();
        unparsed.caseId = "c";
        unparsed.localizes = false;
        unparsed.contextTokens = OptionalInt.of(8000);
        unparsed.issueScore = Optional.of(new IssueScore(2, 2, 2, 2, 20, "judge", "v1"));
        Results error = Results.scored();
        error.caseId = "d";
        error.status = ResultStatus.ERROR;
        error.withRecord = false;
        error.error = Optional.of("the Docker engine stopped answering");
        Results broken = Results.scored();
        broken.caseId = "e";
        broken.status = ResultStatus.BROKEN;
        broken.error = Optional.of("the gold patch failed: acme.CalcTest#add, still failing");
        List.of(fixed, missed, unparsed, error, broken).forEach(r -> store.write(r.build()));
        return store.dir();
    }

    @Test
    void markdownHasAlignedTablesPerGroupAndListsTheCasesCountedApart() throws Exception {
        List<Path> files = EvalReport.write(results(), temp.resolve("report"));

        assertThat(files).extracting(p -> p.getFileName().toString())
                .containsExactly("report.md", "report.json", "cases.csv", "sweep.svg");
        String md = Files.readString(temp.resolve("report/report.md"));
        assertThat(md).contains("5 results: 3 scored; 1 ERROR, 1 BROKEN, 0 FLAKY counted apart");
        // a: P 1/2, R 1/1; b and c predict nothing: micro P = 1/2, R = 1/3, F1 = 0.4
        assertThat(md).containsPattern("\\| all +\\| 3 +\\| 66\\.7% \\(2/3\\) +\\| 0\\.500 +\\| 0\\.333 +\\| 0\\.400 ");
        assertThat(md).containsPattern("\\| language: python +\\| 1 ");
        assertThat(md).containsPattern("\\| bug type: off-by-one +\\| 1 ");
        assertThat(md).containsPattern("\\| all +\\| 3 +\\| 43\\.333 +\\| [^|]+\\| 33\\.3% \\(1/3\\) +\\| 33\\.3% \\(1/3\\) "
                + "+\\| 100\\.0% \\(1/1\\) ");
        assertThat(md).contains("| d ").contains("| ERROR ").contains("the Docker engine stopped answering");
        assertThat(md).contains("| e ").contains("| BROKEN ");
        assertThat(md).contains("![Pass and F1 by context budget](sweep.svg)");
        // every row of a table is as wide as its header
        List<String> table = md.lines().dropWhile(l -> !l.startsWith("| group ")).takeWhile(l -> l.startsWith("|"))
                .toList();
        assertThat(table).hasSize(2 + 1 + 2 + 2).allSatisfy(l -> assertThat(l).hasSameSizeAs(table.get(0)));
    }

    /**
     * Under patch:oracle.loc the locations are the reference's and the model was asked only the
     * patch: the report says so and shows no localization figure as if the model had made it.
     */
    @Test
    void oracleSettingShowsWhichStagesWereAskedAndNoLocalizationFigureOfTheReference() throws Exception {
        ResultStore store = new ResultStore(temp.resolve("results"));
        Results oracle = Results.scored().predicting(at(CALC, 11), at(CALC, 12));
        oracle.reference = List.of(at(CALC, 11), at(CALC, 12));
        oracle.setting = Optional.of("patch-oracle_loc");
        oracle.notAsked = List.of("issue", "localize");
        store.write(oracle.build());

        EvalReport.write(store.dir(), temp.resolve("report"));

        String md = Files.readString(temp.resolve("report/report.md"));
        assertThat(md).contains("## Setting: patch-oracle_loc\n\nAsked of the model: patch. Not asked (given from the "
                + "case's reference, or not wanted): issue, localize.")
                .contains("### Localization\n\nNot asked of the model under this setting")
                .doesNotContain("100.0% (1/1)").doesNotContain("1.000").doesNotContain("### Loads@k")
                .containsPattern("\\| all +\\| 1 +\\| not asked +\\| not asked +\\| 0\\.0% \\(0/1\\) ");
        JsonNode json = new ObjectMapper().readTree(temp.resolve("report/report.json").toFile());
        assertThat(json.at("/settings/0/not_asked")).extracting(JsonNode::asText).containsExactly("issue", "localize");
        assertThat(json.at("/settings/0/overall/loads/hits").asInt()).isZero();
    }

    @Test
    void stageTimesAreAveragedOverTheCasesWhereTheStageRan() throws Exception {
        EvalReport.write(results(), temp.resolve("report"));

        // a and b ran every stage; c stopped at a failed localize (300 ms) and never reached patch or validate
        JsonNode stages = new ObjectMapper().readTree(temp.resolve("report/report.json").toFile())
                .at("/settings/0/overall/mean_stage_ms");
        assertThat(stages.properties()).extracting(java.util.Map.Entry::getKey)
                .containsExactly("baseline", "issue", "localize", "patch", "validate");
        assertThat(stages.path("localize").asDouble()).isEqualTo(300.0);
        assertThat(stages.path("validate").asDouble()).isEqualTo(2000.0);
        String md = Files.readString(temp.resolve("report/report.md"));
        assertThat(md).containsPattern("\\| validate +\\| 2\\.0 +\\|");
    }

    @Test
    void correlationsAreReportedWithTheirReasonWhenUndefined() throws Exception {
        EvalReport.write(results(), temp.resolve("report"));

        String md = Files.readString(temp.resolve("report/report.md"));
        // issue 70, 40, 20 and loads 1, 1, 0: Sxy = 70/3, Sxx = 3800/3, Syy = 2/3, r = 0.803; with
        // one degree of freedom t is Cauchy: p = 1 - 2 atan(t) / pi = 0.4065 for t = r / sqrt(1 - r^2).
        assertThat(md).containsPattern("\\| issue +\\| loads +\\| 3 +\\| 0\\.803 +\\| 0\\.4065 ");
        // apply and pass are both 1, 0, 0: r = 1, p = 0
        assertThat(md).containsPattern("\\| apply +\\| pass +\\| 3 +\\| 1\\.000 +\\| <0\\.0001 ");
        JsonNode json = new ObjectMapper().readTree(temp.resolve("report/report.json").toFile());
        JsonNode issueLoads = json.at("/settings/0/correlations/0");
        assertThat(issueLoads.path("r").asDouble()).isCloseTo(70.0 / 3 / Math.sqrt(3800.0 / 3 * 2 / 3), within(1e-9));
    }

    @Test
    void jsonCarriesTheSameFiguresAndTheExcludedResults() throws Exception {
        EvalReport.write(results(), temp.resolve("report"));

        JsonNode json = new ObjectMapper().readTree(temp.resolve("report/report.json").toFile());
        assertThat(json.path("schema").asText()).isEqualTo("repofix.eval-report/1");
        assertThat(json.path("results").path("total").asInt()).isEqualTo(5);
        assertThat(json.path("results").path("error").asInt()).isEqualTo(1);
        JsonNode overall = json.at("/settings/0/overall");
        assertThat(overall.path("f1_micro").asDouble()).isCloseTo(0.4, within(1e-12));
        assertThat(overall.at("/pass/hits").asInt()).isEqualTo(1);
        assertThat(overall.at("/reference_equal/share").asDouble()).isEqualTo(1.0);
        assertThat(json.at("/settings/0/loads_at_k/1/hits").asInt()).isEqualTo(2);
        assertThat(json.at("/settings/0/sweep")).extracting(n -> n.path("group").asText())
                .containsExactly("4000", "8000");
        assertThat(json.path("excluded")).extracting(n -> n.path("case_id").asText()).containsExactly("d", "e");
    }

    @Test
    void csvHasOneRowPerResultWithEmptyFiguresForTheExcluded() throws Exception {
        EvalReport.write(results(), temp.resolve("report"));

        List<String> lines = Files.readAllLines(temp.resolve("report/cases.csv"));
        assertThat(lines).hasSize(6);
        assertThat(lines.get(0)).startsWith("result,case_id,setting,sample,status,language,bug_types");
        assertThat(lines.get(1)).startsWith("a,a,,,SCORED,java,logic,4000,1,2,1,1,0.500,1.000,0.667,1,1,1,,,1,1,1,"
                + "70.000,450,100,0.750000,5000,1000,900,2000,");
        assertThat(lines.get(4)).startsWith("d,d,,,ERROR,java,logic,,,,").endsWith(",5000,1000,900,2000,the Docker engine stopped "
                + "answering");
        assertThat(lines.get(5)).contains("\"the gold patch failed: acme.CalcTest#add, still failing\"");
        assertThat(lines).allSatisfy(l -> assertThat(l.split(",", -1).length).isGreaterThanOrEqualTo(32));
    }

    @Test
    void sweepChartIsWellFormedSvgWithOnePointPerBudgetAndSeries() throws Exception {
        EvalReport.write(results(), temp.resolve("report"));

        Document svg = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new InputSource(new StringReader(Files.readString(temp.resolve("report/sweep.svg")))));
        assertThat(svg.getDocumentElement().getTagName()).isEqualTo("svg");
        NodeList circles = svg.getElementsByTagName("circle");
        assertThat(circles.getLength()).isEqualTo(4);
        List<String> pass = new java.util.ArrayList<>();
        for (int i = 0; i < circles.getLength(); i++) {
            Element c = (Element) circles.item(i);
            if (c.getAttribute("class").equals("pass")) {
                pass.add(c.getAttribute("data-budget") + "=" + c.getAttribute("data-value"));
            }
        }
        // budget 4000: a fixed; 8000: b and c not fixed
        assertThat(pass).containsExactly("4000=1.0000", "8000=0.0000");
        assertThat(svg.getElementsByTagName("polyline").getLength()).isEqualTo(2);
    }

    @Test
    void noSweepChartWhenEveryResultHasOneBudget() {
        Results only = Results.scored();
        only.contextTokens = OptionalInt.of(4000);
        new ResultStore(temp.resolve("results")).write(only.build());

        List<Path> files = EvalReport.write(temp.resolve("results"), temp.resolve("report"));

        assertThat(files).extracting(p -> p.getFileName().toString()).doesNotContain("sweep.svg");
    }

    @Test
    void refusesAFolderWithoutResults() {
        assertThatThrownBy(() -> EvalReport.write(temp.resolve("empty"), temp.resolve("report")))
                .isInstanceOf(RepofixException.class).hasMessageContaining("no results in");
    }
}
