package dev.repofix.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class CodeQualityReportTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void listsTheSuspectedLinesWithGitLabsFieldsAndStableFingerprints() throws Exception {
        JsonNode issues = JSON.readTree(CodeQualityReport.render(RunResults.fixed()));

        assertThat(issues.isArray()).isTrue();
        JsonNode first = issues.get(0);
        assertThat(first.path("check_name").asText()).isEqualTo(CodeQualityReport.SUSPECTED);
        assertThat(first.path("severity").asText()).isEqualTo("major");
        assertThat(first.path("location").path("path").asText()).isEqualTo(RunResults.ACCOUNT);
        assertThat(first.path("location").path("lines").path("begin").asInt()).isPositive();
        assertThat(first.path("fingerprint").asText()).hasSize(64)
                .isEqualTo(JSON.readTree(CodeQualityReport.render(RunResults.fixed())).get(0).path("fingerprint").asText());
        assertThat(issues).extracting(i -> i.path("fingerprint").asText()).doesNotHaveDuplicates();
    }

    @Test
    void aPassingRunHasNoIssues() throws Exception {
        assertThat(JSON.readTree(CodeQualityReport.render(RunResults.testsPass()))).isEmpty();
    }
}
