package dev.repofix.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.repofix.config.RepofixException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportWriterTest {
    @TempDir
    Path temp;

    private final ReportWriter writer = new ReportWriter();

    @Test
    void writesMarkdownJsonAndThePatchOfAFixIntoANewFolder() throws IOException {
        Path out = temp.resolve("runs/1");

        List<Path> written = writer.write(RunResults.fixed(), out);

        assertThat(written).containsExactly(out.resolve("report.md"), out.resolve("report.json"),
                out.resolve("report.sarif"), out.resolve(ReportWriter.CODE_QUALITY), out.resolve("fix.patch"));
        assertThat(Files.readString(out.resolve("fix.patch"))).isEqualTo(RunResults.FIX_DIFF);
        assertThat(Files.readString(out.resolve("report.md"))).isEqualTo(new MarkdownReport().render(RunResults.fixed()));
        assertThat(new ObjectMapper().readTree(out.resolve("report.json").toFile()).path("status").asText())
                .isEqualTo("FIXED");
        assertThat(Files.readString(out.resolve("report.sarif"))).isEqualTo(new SarifReport().render(RunResults.fixed()));
        assertThat(filesIn(out)).containsExactlyInAnyOrder("report.md", "report.json", "report.sarif",
                ReportWriter.CODE_QUALITY, "fix.patch");
    }

    @Test
    void writesNoPatchWithoutAFix() throws IOException {
        List<Path> written = writer.write(RunResults.notFixed(), temp);

        assertThat(written).containsExactly(temp.resolve("report.md"), temp.resolve("report.json"),
                temp.resolve("report.sarif"), temp.resolve(ReportWriter.CODE_QUALITY));
        assertThat(filesIn(temp)).containsExactlyInAnyOrder("report.md", "report.json", "report.sarif",
                ReportWriter.CODE_QUALITY);
    }

    @Test
    void deletesAStalePatchAndReplacesOldReports() throws IOException {
        Files.writeString(temp.resolve("fix.patch"), "from an earlier run");
        Files.writeString(temp.resolve("report.md"), "old");

        writer.write(RunResults.buildBroken("[ERROR] broken"), temp);

        assertThat(temp.resolve("fix.patch")).doesNotExist();
        assertThat(Files.readString(temp.resolve("report.md"))).startsWith("# repofix: the build fails");
    }

    @Test
    void refusesAnOutputFolderThatIsAFileAsBadInput() throws IOException {
        Path file = Files.writeString(temp.resolve("out"), "not a folder");

        assertThatThrownBy(() -> writer.write(RunResults.fixed(), file))
                .isInstanceOfSatisfying(RepofixException.class,
                        e -> assertThat(e.kind()).isEqualTo(RepofixException.ErrorKind.INPUT))
                .hasMessageContaining("cannot write the report to " + file)
                .hasMessageContaining("pass --out with a writable directory")
                .hasCauseInstanceOf(IOException.class);
        assertThat(Files.readString(file)).isEqualTo("not a folder");
    }

    @Test
    void refusesAnOutputFolderBelowAFile() throws IOException {
        Path file = Files.writeString(temp.resolve("out"), "not a folder");

        assertThatThrownBy(() -> writer.write(RunResults.notFixed(), file.resolve("reports")))
                .isInstanceOfSatisfying(RepofixException.class,
                        e -> assertThat(e.kind()).isEqualTo(RepofixException.ErrorKind.INPUT));
    }

    @Test
    void aFolderInPlaceOfOneReportStillLetsTheOthersBeWritten() throws IOException {
        Files.createDirectories(temp.resolve("report.json").resolve("taken"));

        List<Path> written = writer.write(RunResults.fixed(), temp);

        assertThat(written).containsExactly(temp.resolve("report.md"), temp.resolve("report.sarif"),
                temp.resolve(ReportWriter.CODE_QUALITY), temp.resolve("fix.patch"));
        assertThat(Files.readString(temp.resolve("fix.patch"))).isEqualTo(RunResults.FIX_DIFF);
        assertThat(Files.readString(temp.resolve("report.sarif"))).isEqualTo(new SarifReport().render(RunResults.fixed()));
        assertThat(temp.resolve("report.json")).isDirectory();
        assertThat(filesIn(temp)).doesNotContain("report.json.tmp");
    }

    @Test
    void aFailedReportIsAWarningNamingTheFileAndAnOldCopyOfItIsRemoved() throws IOException {
        Files.writeString(temp.resolve("report.md"), "from an earlier run");
        Files.createDirectories(temp.resolve("report.md.tmp").resolve("taken"));
        List<String> warnings = new ArrayList<>();

        List<Path> written = new ReportWriter(warnings::add).write(RunResults.notFixed(), temp);

        assertThat(written).containsExactly(temp.resolve("report.json"), temp.resolve("report.sarif"),
                temp.resolve(ReportWriter.CODE_QUALITY));
        assertThat(warnings).singleElement().asString().contains("cannot write " + temp.resolve("report.md"));
        assertThat(temp.resolve("report.md")).doesNotExist();
    }

    private static List<String> filesIn(Path dir) throws IOException {
        try (Stream<Path> list = Files.list(dir)) {
            return list.map(p -> p.getFileName().toString()).toList();
        }
    }
}
