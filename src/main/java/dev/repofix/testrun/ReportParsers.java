package dev.repofix.testrun;

import dev.repofix.build.ReportFormat;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/** The parser for each report format: one row per format. */
public final class ReportParsers {
    private final Map<ReportFormat, ReportParser> byFormat;

    public ReportParsers(Map<ReportFormat, ReportParser> byFormat) {
        this.byFormat = new EnumMap<>(Objects.requireNonNull(byFormat, "byFormat"));
    }

    /** Every format repofix reads. */
    public static ReportParsers standard() {
        Map<ReportFormat, ReportParser> rows = new EnumMap<>(ReportFormat.class);
        rows.put(ReportFormat.JUNIT_XML, new JUnitXmlReportParser());
        rows.put(ReportFormat.GO_TEST_JSON, new GoTestJsonParser());
        rows.put(ReportFormat.CARGO_LIBTEST, new CargoLibtestParser());
        rows.put(ReportFormat.TAP, new TapReportParser());
        return new ReportParsers(rows);
    }

    /**
     * The parser of {@code format}.
     *
     * @throws ReportException when repofix has no parser for it yet
     */
    public ReportParser forFormat(ReportFormat format) {
        ReportParser parser = byFormat.get(Objects.requireNonNull(format, "format"));
        if (parser == null) {
            throw new ReportException("repofix cannot read " + format + " test reports yet; pass --test-cmd with a command "
                    + "that writes JUnit XML reports");
        }
        return parser;
    }
}
