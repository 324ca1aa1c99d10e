package dev.repofix.patch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class IndentationTest {
    /**
     * Each row: the patch's old lines, the file's lines they matched, an added line, and how
     * it is written; {@code |} separates lines, {@code \t} is a tab, {@code _} a space.
     */
    @ParameterizedTest(name = "{0} ~ {1}: {2} -> {3}")
    @CsvSource(delimiter = '~', textBlock = """
            if_{|____go();|}         ~ if_{|\\tgo();|}             ~ ____log();      ~ \\tlog();
            ____a|________b          ~ \\ta|\\t\\tb                ~ ____________c   ~ \\t\\t\\tc
            __a|____b                ~ \\ta|\\t\\tb                ~ ___c            ~ \\t_c
            \\ta|\\t\\tb             ~ ____a|________b             ~ \\t\\tc         ~ ________c
            \\ta|\\t\\tb             ~ __a|____b                   ~ \\tc            ~ __c
            a|__b                    ~ ____a|______b               ~ __c             ~ ______c
            ____a|______b            ~ a|__b                       ~ ______c         ~ __c
            ____a|________b          ~ ____a|________b             ~ __odd           ~ __odd
            ____a|b                  ~ \\ta|____b                  ~ ____c           ~ ____c
            ____a|________b          ~ \\ta|\\t\\t\\tb             ~ ____c           ~ ____c
            """)
    void carriesTheFilesIndentationOverToAddedLines(String patchOld, String fileOld, String added, String written) {
        assertThat(Indentation.between(lines(patchOld), lines(fileOld)).apply(line(added))).isEqualTo(line(written));
    }

    private static List<String> lines(String cell) {
        return List.of(cell.split("\\|")).stream().map(IndentationTest::line).toList();
    }

    private static String line(String cell) {
        return cell.replace("\\t", "\t").replace('_', ' ');
    }
}
