package dev.repofix.testrun;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JUnitXmlReportParserTest {
    private static final String SUREFIRE_3 = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuite xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
            xsi:noNamespaceSchemaLocation="https://maven.apache.org/surefire/maven-surefire-plugin/xsd/surefire-test-report-3.0.2.xsd" \
            version="3.0.2" name="com.acme.bank.AccountTest" time="0.412" tests="6" errors="1" skipped="1" failures="2">
              <properties>
                <property name="java.version" value="21.0.5"/>
                <property name="user.dir" value="/home/ci/src/bank"/>
                <property name="surefire.test.class.path" value="/home/ci/src/bank/target/test-classes"/>
              </properties>
              <testcase name="depositIncreasesBalance" classname="com.acme.bank.AccountTest" time="0.004"/>
              <testcase name="withdrawRejectsOverdraft" classname="com.acme.bank.AccountTest" time="0.031">
                <failure message="expected: &lt;50&gt; but was: &lt;-50&gt;" type="org.opentest4j.AssertionFailedError"><![CDATA[org.opentest4j.AssertionFailedError: expected: <50> but was: <-50>
            \tat org.junit.jupiter.api.AssertionFailureBuilder.build(AssertionFailureBuilder.java:151)
            \tat org.junit.jupiter.api.Assertions.assertEquals(Assertions.java:531)
            \tat com.acme.bank.AccountTest.withdrawRejectsOverdraft(AccountTest.java:27)
            ]]></failure>
                <system-out><![CDATA[withdrawing 100 from 50
            ]]></system-out>
              </testcase>
              <testcase name="transferToClosedAccount" classname="com.acme.bank.AccountTest" time="0.002">
                <error type="java.lang.NullPointerException"><![CDATA[java.lang.NullPointerException: Cannot invoke "com.acme.bank.Account.balance()" because "target" is null
            \tat com.acme.bank.Transfers.move(Transfers.java:14)
            \tat com.acme.bank.AccountTest.transferToClosedAccount(AccountTest.java:41)
            ]]></error>
              </testcase>
              <testcase name="interestAccrues" classname="com.acme.bank.AccountTest" time="0">
                <skipped message="interest is not implemented yet"/>
              </testcase>
              <testcase name="statementIsSorted" classname="com.acme.bank.AccountTest" time="0.120">
                <flakyFailure message="expected: &lt;true&gt; but was: &lt;false&gt;" type="org.opentest4j.AssertionFailedError">
                  <stackTrace><![CDATA[org.opentest4j.AssertionFailedError: expected: <true> but was: <false>
            \tat com.acme.bank.AccountTest.statementIsSorted(AccountTest.java:55)
            ]]></stackTrace>
                  <system-out><![CDATA[first attempt
            ]]></system-out>
                </flakyFailure>
              </testcase>
              <testcase name="closingTwiceFails" classname="com.acme.bank.AccountTest" time="0.200">
                <failure message="still open" type="java.lang.AssertionError">java.lang.AssertionError: still open
            \tat com.acme.bank.AccountTest.closingTwiceFails(AccountTest.java:63)</failure>
                <rerunFailure message="still open" type="java.lang.AssertionError">
                  <stackTrace>java.lang.AssertionError: still open</stackTrace>
                </rerunFailure>
              </testcase>
              <system-out><![CDATA[suite output
            ]]></system-out>
            </testsuite>
            """;

    private static final String PYTEST_FAILURE_TEXT = """
            self = &lt;tests.test_stock.TestRestock object at 0x7f3a2c1d0e50&gt;

                def test_needs_restock(self):
                    inventory = Inventory({"apples": 4})
            &gt;       assert inventory.reorder_amount("apples") == 5
            E       assert 4 == 5
            E        +  where 4 = &lt;bound method Inventory.reorder_amount of &lt;stock.inventory.Inventory object at 0x7f3a2c1d0f10&gt;&gt;('apples')

            tests/test_stock.py:12: AssertionError""";

    private final JUnitXmlReportParser parser = new JUnitXmlReportParser();

    @TempDir
    Path dir;

    @Test
    void readsEveryOutcomeOfASurefire3Report() throws IOException {
        List<TestResult> results = parser.parse(write("TEST-com.acme.bank.AccountTest.xml", SUREFIRE_3));

        assertThat(results.stream().map(JUnitXmlReportParserTest::idAndStatus)).containsExactly(
                tuple("com.acme.bank.AccountTest#depositIncreasesBalance", TestStatus.PASSED),
                tuple("com.acme.bank.AccountTest#withdrawRejectsOverdraft", TestStatus.FAILED),
                tuple("com.acme.bank.AccountTest#transferToClosedAccount", TestStatus.ERRORED),
                tuple("com.acme.bank.AccountTest#interestAccrues", TestStatus.SKIPPED),
                tuple("com.acme.bank.AccountTest#statementIsSorted", TestStatus.PASSED),
                tuple("com.acme.bank.AccountTest#closingTwiceFails", TestStatus.FAILED));
        assertThat(results).allSatisfy(r -> assertThat(r.frames()).isEmpty());
    }

    @Test
    void takesMessageFromAttributeAndTraceFromElementText() throws IOException {
        TestResult failed = parser.parse(write("TEST-a.xml", SUREFIRE_3)).get(1);

        assertThat(failed.message()).isEqualTo("expected: <50> but was: <-50>");
        assertThat(failed.trace())
                .startsWith("org.opentest4j.AssertionFailedError: expected: <50> but was: <-50>\n\tat org.junit")
                .endsWith("\tat com.acme.bank.AccountTest.withdrawRejectsOverdraft(AccountTest.java:27)")
                .doesNotContain("withdrawing 100");
    }

    @Test
    void fallsBackToTheTypeWhenAFailureHasNoMessage() throws IOException {
        TestResult errored = parser.parse(write("TEST-a.xml", SUREFIRE_3)).get(2);

        assertThat(errored.message()).isEqualTo("java.lang.NullPointerException");
        assertThat(errored.trace()).contains("Transfers.java:14");
    }

    @Test
    void fallsBackToTheFirstLineOfTheTextWithoutMessageOrType() throws IOException {
        Path report = write("TEST-b.xml", """
                <testsuite name="b"><testcase classname="B" name="t"><error>
                  boom: disk full
                  at B.t(B.java:3)
                </error></testcase></testsuite>""");

        TestResult result = parser.parse(report).getFirst();

        assertThat(result.message()).isEqualTo("boom: disk full");
        assertThat(result.trace()).isEqualTo("boom: disk full\n  at B.t(B.java:3)");
    }

    @Test
    void keepsSkipReasonAsMessage() throws IOException {
        TestResult skipped = parser.parse(write("TEST-a.xml", SUREFIRE_3)).get(3);

        assertThat(skipped.message()).isEqualTo("interest is not implemented yet");
        assertThat(skipped.trace()).isEmpty();
    }

    @Test
    void keepsParameterizedNamesAsTheyAre() throws IOException {
        Path report = write("TEST-com.acme.CalculatorTest.xml", """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuite name="com.acme.CalculatorTest" time="0.02" tests="3" errors="0" skipped="0" failures="1">
                  <testcase name="addsNumbers(int, int, int)[1]" classname="com.acme.CalculatorTest" time="0.01"/>
                  <testcase name="addsNumbers(int, int, int)[2]" classname="com.acme.CalculatorTest" time="0.001">
                    <failure message="expected: &lt;4&gt; but was: &lt;5&gt;" type="org.opentest4j.AssertionFailedError">trace</failure>
                  </testcase>
                  <testcase name="divides[0]" classname="com.acme.CalculatorTest" time="0.001"/>
                </testsuite>
                """);

        assertThat(idsAndStatuses(report)).containsExactly(
                tuple("com.acme.CalculatorTest#addsNumbers(int, int, int)[1]", TestStatus.PASSED),
                tuple("com.acme.CalculatorTest#addsNumbers(int, int, int)[2]", TestStatus.FAILED),
                tuple("com.acme.CalculatorTest#divides[0]", TestStatus.PASSED));
    }

    @Test
    void namesAJUnit5TestTheSameWhetherSurefireOrGradleReportedIt() throws IOException {
        // Surefire 3.5 (default reporter) and Gradle 8 on the same JUnit 5 class.
        Path surefire = write("TEST-com.acme.PricesTest.xml", """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuite xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
                xsi:noNamespaceSchemaLocation="https://maven.apache.org/surefire/maven-surefire-plugin/xsd/surefire-test-report.xsd" \
                version="3.0.2" name="com.acme.PricesTest" time="0.04" tests="3" errors="0" skipped="0" failures="1">
                  <properties><property name="java.version" value="21.0.2"/></properties>
                  <testcase name="adds" classname="com.acme.PricesTest" time="0.012">
                    <failure message="expected: &lt;5&gt; but was: &lt;-1&gt;" type="org.opentest4j.AssertionFailedError">trace</failure>
                  </testcase>
                  <testcase name="total(int)[1]" classname="com.acme.PricesTest" time="0.001"/>
                  <testcase name="works" classname="com.acme.PricesTest$Nested" time="0.001"/>
                </testsuite>
                """);
        Path gradle = write("TEST-gradle-com.acme.PricesTest.xml", """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuite name="com.acme.PricesTest" tests="2" skipped="0" failures="1" errors="0" \
                timestamp="2026-11-24T07:00:00" hostname="ci" time="0.031">
                  <properties/>
                  <testcase name="adds()" classname="com.acme.PricesTest" time="0.012">
                    <failure message="org.opentest4j.AssertionFailedError: expected: &lt;5&gt; but was: &lt;-1&gt;" \
                type="org.opentest4j.AssertionFailedError">trace</failure>
                  </testcase>
                  <testcase name="works()" classname="com.acme.PricesTest$Nested" time="0.001"/>
                  <system-out><![CDATA[]]></system-out>
                  <system-err><![CDATA[]]></system-err>
                </testsuite>
                """);

        assertThat(idsAndStatuses(surefire)).containsExactly(
                tuple("com.acme.PricesTest#adds", TestStatus.FAILED),
                tuple("com.acme.PricesTest#total(int)[1]", TestStatus.PASSED),
                tuple("com.acme.PricesTest$Nested#works", TestStatus.PASSED));
        assertThat(idsAndStatuses(gradle)).containsExactly(
                tuple("com.acme.PricesTest#adds", TestStatus.FAILED),
                tuple("com.acme.PricesTest$Nested#works", TestStatus.PASSED));
    }

    @Test
    void buildsPytestNodeIdsFromTheFileAttributeOfXunit1() throws IOException {
        Path report = write("junit.xml", """
                <?xml version="1.0" encoding="utf-8"?><testsuites name="pytest tests"><testsuite name="pytest" \
                errors="0" failures="1" skipped="0" tests="3" time="0.061" timestamp="2025-01-14T09:12:03.118712+00:00" \
                hostname="runner"><testcase classname="tests.test_stock" name="test_empty_inventory" \
                file="tests/test_stock.py" line="3" time="0.001" /><testcase classname="tests.test_stock.TestRestock" \
                name="test_needs_restock" file="tests/test_stock.py" line="8" time="0.002"><failure \
                message="assert 4 == 5&#10; +  where 4 = &lt;bound method Inventory.reorder_amount&gt;('apples')">%s\
                </failure></testcase><testcase classname="tests.unit.test_parse" name="test_amount[1.5-2]" \
                file="tests/unit/test_parse.py" line="20" time="0.001" /></testsuite></testsuites>"""
                .formatted(PYTEST_FAILURE_TEXT));

        List<TestResult> results = parser.parse(report);

        assertThat(results.stream().map(JUnitXmlReportParserTest::idAndStatus)).containsExactly(
                tuple("tests/test_stock.py::test_empty_inventory", TestStatus.PASSED),
                tuple("tests/test_stock.py::TestRestock::test_needs_restock", TestStatus.FAILED),
                tuple("tests/unit/test_parse.py::test_amount[1.5-2]", TestStatus.PASSED));
        TestResult failed = results.get(1);
        assertThat(failed.message()).startsWith("assert 4 == 5\n +  where 4 =");
        assertThat(failed.trace())
                .contains(">       assert inventory.reorder_amount(\"apples\") == 5", "E       assert 4 == 5")
                .endsWith("tests/test_stock.py:12: AssertionError");
    }

    @Test
    void dropsTheColourSequencesOfAPytestRunWithColourOn() throws IOException {
        // As pytest 8 writes it with --color=yes: XML cannot hold ESC, so it becomes the text "#x1B".
        Path report = write("junit.xml", """
                <?xml version="1.0" encoding="utf-8"?><testsuites name="pytest tests"><testsuite name="pytest" \
                errors="0" failures="1" skipped="0" tests="1" time="0.1"><testcase classname="tests.test_size" \
                name="test_kb" file="tests/test_size.py" line="3" time="0.001"><failure message="AssertionError: \
                assert '1000 Bytes' == '1.0 kB'&#10;  &#10;  #x1B[0m#x1B[91m- 1.0 kB#x1B[39;49;00m#x1B[90m#x1B[39;49;00m">\
                def test_kb():
                &gt;       assert size(1000) == "1.0 kB"
                #x1B[1m#x1B[31mE       AssertionError: assert '1000 Bytes' == '1.0 kB'#x1B[0m
                #x1B[1m#x1B[31mtests/test_size.py#x1B[0m:4: AssertionError</failure></testcase></testsuite></testsuites>""");

        TestResult failed = parser.parse(report).get(0);

        assertThat(failed.message()).isEqualTo("AssertionError: assert '1000 Bytes' == '1.0 kB'\n  \n  - 1.0 kB");
        assertThat(failed.trace()).doesNotContain("#x1B", "[0m")
                .contains("E       AssertionError: assert '1000 Bytes' == '1.0 kB'")
                .endsWith("tests/test_size.py:4: AssertionError");
    }

    @Test
    void dropsRealEscapeSequencesToo() {
        assertThat(JUnitXmlReportParser.withoutColours("\u001B[31mred\u001B[0m and #x1B plain"))
                .isEqualTo("red and #x1B plain");
    }

    @Test
    void namesAnInheritedPytestMethodByTheModuleThatCollectsItNotTheMixinsFile() throws IOException {
        // pytest's xunit1 file is where the function is defined; classname comes from the node id
        Path report = write("junit.xml", """
                <?xml version="1.0" encoding="utf-8"?><testsuites><testsuite name="pytest" errors="0" failures="1" \
                skipped="0" tests="2" time="0.1"><testcase classname="tests.test_lfu.LFUCacheTest" name="test_clear" \
                file="tests/__init__.py" line="270" time="0.001"><failure message="StopIteration">boom</failure>\
                </testcase><testcase classname="tests.test_lfu.LFUCacheTest" name="test_lfu" file="tests/test_lfu.py" \
                line="9" time="0.001" /></testsuite></testsuites>""");

        assertThat(idsAndStatuses(report)).containsExactly(
                tuple("tests/test_lfu.py::LFUCacheTest::test_clear", TestStatus.FAILED),
                tuple("tests/test_lfu.py::LFUCacheTest::test_lfu", TestStatus.PASSED));
    }

    @Test
    void derivesPytestModulePathFromClassnameInXunit2() throws IOException {
        Path report = write("junit.xml", """
                <?xml version="1.0" encoding="utf-8"?>
                <testsuites>
                  <testsuite name="pytest" errors="1" failures="0" skipped="1" tests="4" time="0.2">
                    <testcase classname="tests.test_stock" name="test_empty_inventory" time="0.001" />
                    <testcase classname="tests.test_stock.TestRestock.TestWhenEmpty" name="test_orders_all" time="0.001" />
                    <testcase classname="tests.test_db" name="test_connects" time="0.000">
                      <skipped type="pytest.skip" message="no database">tests/test_db.py:4: no database</skipped>
                    </testcase>
                    <testcase classname="" name="tests.test_broken" time="0.000">
                      <error message="collection failure">ImportError while importing test module</error>
                    </testcase>
                  </testsuite>
                </testsuites>
                """);

        assertThat(idsAndStatuses(report)).containsExactly(
                tuple("tests/test_stock.py::test_empty_inventory", TestStatus.PASSED),
                tuple("tests/test_stock.py::TestRestock::TestWhenEmpty::test_orders_all", TestStatus.PASSED),
                tuple("tests/test_db.py::test_connects", TestStatus.SKIPPED),
                tuple("tests/test_broken.py", TestStatus.ERRORED));
    }

    @Test
    void aPytestCollectionErrorIsMarkedWithWhatPythonSaid() throws IOException {
        // As pytest 8 writes it for a test module whose import hits a SyntaxError.
        Path report = write("junit.xml", """
                <?xml version="1.0" encoding="utf-8"?><testsuites name="pytest tests"><testsuite name="pytest" \
                errors="1" failures="0" skipped="0" tests="2"><testcase classname="tests.test_pricing" \
                name="test_discount_rounds_down" time="0.001" /><testcase classname="" name="tests.test_stock" \
                time="0.000"><error message="collection failure">_pytest/python.py:528: in importtestmodule
                    mod = import_path(
                tests/test_stock.py:3: in &lt;module&gt;
                    from inventory.stock import Item, needs_restock, restock_list, take
                E     File "/tmp/inv/inventory/stock.py", line 27
                E       def restock_list(items: list[Item]) -> list[str]
                E                                                       ^
                E   SyntaxError: expected ':'</error></testcase></testsuite></testsuites>
                """);

        List<TestResult> results = parser.parse(report);

        assertThat(results).extracting(TestResult::isCollectionError).containsExactly(false, true);
        assertThat(results.get(1).id()).isEqualTo("tests/test_stock.py");
        assertThat(results.get(1).collectionErrorReason()).isEqualTo("""
                  File "/tmp/inv/inventory/stock.py", line 27
                    def restock_list(items: list[Item]) -> list[str]
                                                                    ^
                SyntaxError: expected ':'""");
        assertThat(new TestRun(results).onlyCollectionErrors()).isTrue();
    }

    @Test
    void aRunWithATestFailureBesidesCollectionErrorsIsNotOnlyCollectionErrors() {
        TestResult notLoaded = new TestResult("tests/test_db.py", TestStatus.ERRORED, TestResult.COLLECTION_FAILURE,
                "E   ModuleNotFoundError: No module named 'psycopg'", List.of());
        TestResult assertion = new TestResult("tests/test_x.py::test_y", TestStatus.FAILED, "assert 1 == 2", "",
                List.of());
        TestResult crashed = new TestResult("tests/test_x.py::test_z", TestStatus.ERRORED, "boom", "", List.of());

        assertThat(new TestRun(List.of(notLoaded, assertion)).onlyCollectionErrors()).isFalse();
        assertThat(new TestRun(List.of(crashed)).onlyCollectionErrors()).isFalse();
        assertThat(new TestRun(List.of(TestResult.passed("tests/test_x.py::test_y"))).onlyCollectionErrors()).isFalse();
        assertThat(new TestRun(List.of(notLoaded)).collectionErrors().get(0).collectionErrorReason())
                .isEqualTo("ModuleNotFoundError: No module named 'psycopg'");
    }

    @Test
    void usesJunitIdsForSuitesNotNamedPytest() throws IOException {
        Path report = write("junit.xml", """
                <testsuite name="custom"><testcase classname="tests.test_stock" name="test_x" file="tests/test_stock.py"/>
                <testcase name="orphan"/></testsuite>""");

        assertThat(parser.parse(report))
                .extracting(TestResult::id)
                .containsExactly("tests.test_stock#test_x", "orphan");
    }

    @Test
    void readsTestCasesOfNestedSuites() throws IOException {
        Path report = write("all.xml", """
                <testsuites name="all">
                  <testsuite name="unit">
                    <testsuite name="com.acme.ATest"><testcase classname="com.acme.ATest" name="a"/></testsuite>
                    <testsuite name="com.acme.BTest">
                      <testcase classname="com.acme.BTest" name="b"><failure message="no">x</failure></testcase>
                    </testsuite>
                  </testsuite>
                  <testsuite name="com.acme.CTest"><testcase classname="com.acme.CTest" name="c"/></testsuite>
                </testsuites>""");

        assertThat(idsAndStatuses(report)).containsExactly(
                tuple("com.acme.ATest#a", TestStatus.PASSED),
                tuple("com.acme.BTest#b", TestStatus.FAILED),
                tuple("com.acme.CTest#c", TestStatus.PASSED));
    }

    @Test
    void readsAnEmptySuiteAsNoResults() throws IOException {
        assertThat(parser.parse(write("none.xml", "<testsuites/>"))).isEmpty();
    }

    @Test
    void readsALargeReportFullOfEscapedCharacters() throws IOException {
        String escapedLog = "&lt;tag attr=&quot;v&quot;&gt; &amp;\n".repeat(100_000);
        Path report = write("TEST-big.xml", "<testsuite name=\"big\"><testcase classname=\"Big\" name=\"logs\">"
                + "<failure message=\"x\">" + "&lt;\n".repeat(200_000) + "</failure>"
                + "<system-out>" + escapedLog + "</system-out></testcase></testsuite>");

        TestResult result = parser.parse(report).getFirst();

        assertThat(result.status()).isEqualTo(TestStatus.FAILED);
        assertThat(result.trace()).hasSize(2 * 200_000 - 1);
    }

    @Test
    void rejectsAnEmptyFileNamingIt() throws IOException {
        Path report = write("TEST-empty.xml", "  \n");

        assertThatThrownBy(() -> parser.parse(report))
                .isInstanceOf(ReportException.class)
                .hasMessageContaining("empty test report " + report)
                .hasMessageContaining("delete it and rerun");
    }

    @Test
    void rejectsAMissingFileNamingIt() {
        Path report = dir.resolve("TEST-missing.xml");

        assertThatThrownBy(() -> parser.parse(report))
                .isInstanceOf(ReportException.class)
                .hasMessageContaining("cannot read test report " + report)
                .hasCauseInstanceOf(IOException.class);
    }

    @Test
    void rejectsANonXmlFileKeepingTheParserError() throws IOException {
        Path report = write("TEST-x.xml", "Tests run: 3, Failures: 1\n");

        assertThatThrownBy(() -> parser.parse(report))
                .isInstanceOf(ReportException.class)
                .hasMessageStartingWith("malformed test report " + report + ": ")
                .hasMessageContaining("line 1")
                .hasMessageEndingWith("delete it and rerun, or check the test tool's report settings")
                .hasCauseInstanceOf(javax.xml.stream.XMLStreamException.class);
    }

    @Test
    void rejectsATruncatedReport() throws IOException {
        Path report = write("TEST-x.xml", SUREFIRE_3.substring(0, SUREFIRE_3.length() / 2));

        assertThatThrownBy(() -> parser.parse(report))
                .isInstanceOf(ReportException.class)
                .hasMessageStartingWith("malformed test report " + report);
    }

    @Test
    void rejectsXmlWithAnotherRootElement() throws IOException {
        Path report = write("coverage.xml", "<coverage line-rate=\"0.8\"><packages/></coverage>");

        assertThatThrownBy(() -> parser.parse(report))
                .isInstanceOf(ReportException.class)
                .hasMessageContaining("not a JUnit XML test report " + report)
                .hasMessageContaining("<coverage>");
    }

    @Test
    void refusesExternalEntitiesWithoutReadingThem() throws IOException {
        Path secret = write("secret.txt", "TOKEN-4b1d");
        Path report = write("TEST-xxe.xml", """
                <?xml version="1.0"?>
                <!DOCTYPE testsuite [<!ENTITY leak SYSTEM "%s">]>
                <testsuite name="x"><testcase classname="X" name="&leak;"/></testsuite>"""
                .formatted(secret.toUri()));

        assertThatThrownBy(() -> parser.parse(report))
                .isInstanceOf(ReportException.class)
                .hasMessageContaining("malformed test report " + report)
                .hasMessageContaining("DOCTYPE")
                .satisfies(e -> assertThat(e.getCause().getMessage()).doesNotContain("TOKEN-4b1d"))
                .message().doesNotContain("TOKEN-4b1d");
    }

    @Test
    void refusesAnExternalDtd() throws IOException {
        Path dtd = write("evil.dtd", "<!ENTITY % p SYSTEM \"file:///etc/hostname\">");
        Path report = write("TEST-dtd.xml", """
                <!DOCTYPE testsuite SYSTEM "%s">
                <testsuite name="x"><testcase classname="X" name="t"/></testsuite>""".formatted(dtd.toUri()));

        assertThatThrownBy(() -> parser.parse(report)).isInstanceOf(ReportException.class);
    }

    @Test
    void rejectsAbsurdlyDeepNestingInsteadOfOverflowingTheStack() throws IOException {
        int depth = 100_000;
        Path report = write("TEST-deep.xml", "<testsuites>" + "<testsuite>".repeat(depth)
                + "</testsuite>".repeat(depth) + "</testsuites>");

        assertThatThrownBy(() -> parser.parse(report))
                .isInstanceOf(ReportException.class)
                .hasMessageStartingWith("malformed test report " + report);
    }

    private List<Tuple> idsAndStatuses(Path report) {
        return parser.parse(report).stream().map(JUnitXmlReportParserTest::idAndStatus).toList();
    }

    private static Tuple idAndStatus(TestResult result) {
        return tuple(result.id(), result.status());
    }

    private Path write(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content, StandardCharsets.UTF_8);
    }
}
