package dev.repofix.eval.cases;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReferenceLocationsTest {
    private static final String FILE = "src/main/java/p/A.java";

    private static String diff(String path, String hunks) {
        return "--- a/" + path + "\n+++ b/" + path + "\n" + hunks;
    }

    private static List<CaseLine> lines(String path, int... numbers) {
        return java.util.Arrays.stream(numbers).mapToObj(n -> new CaseLine(path, n)).toList();
    }

    @Test
    void aModifiedLineIsItsOriginalLine() {
        String patch = diff(FILE, """
                @@ -10,3 +10,3 @@
                   int a() {
                -    return 1;
                +    return 2;
                   }
                """);
        assertThat(ReferenceLocations.derive(patch)).isEqualTo(lines(FILE, 11));
    }

    @Test
    void removedLinesAreEachALocationAndLaterLinesCountTheOriginalFile() {
        String patch = diff(FILE, """
                @@ -20,6 +20,4 @@
                   void b() {
                -    x();
                -    y();
                     z();
                -    w();
                +    v();
                   }
                """);
        assertThat(ReferenceLocations.derive(patch)).isEqualTo(lines(FILE, 21, 22, 24));
    }

    @Test
    void anAdditionInTheMiddleGivesTheLinesBeforeAndAfterIt() {
        String patch = diff(FILE, """
                @@ -5,4 +5,5 @@
                   a();
                   b();
                +  check();
                   c();
                   d();
                """);
        assertThat(ReferenceLocations.derive(patch)).isEqualTo(lines(FILE, 6, 7));
    }

    @Test
    void anAdditionAtTheStartOfAFileGivesOnlyTheLineAfterIt() {
        String patch = diff("README", """
                @@ -1,2 +1,3 @@
                +first
                 one
                 two
                """);
        assertThat(ReferenceLocations.derive(patch)).isEqualTo(lines("README", 1));
    }

    @Test
    void anAdditionAtTheEndOfAFileGivesOnlyTheLineBeforeIt() {
        String patch = diff("README", """
                @@ -8,3 +8,4 @@
                 eight
                 nine
                 ten
                +eleven
                """);
        assertThat(ReferenceLocations.derive(patch)).isEqualTo(lines("README", 10));
    }

    @Test
    void anAdditionWithoutContextGivesTheLineItFollows() {
        String patch = diff("README", "@@ -4,0 +5,2 @@\n+x\n+y\n");
        assertThat(ReferenceLocations.derive(patch)).isEqualTo(lines("README", 4));
    }

    @Test
    void importAndPackageLinesAreNoLocations() {
        String java = diff(FILE, """
                @@ -1,5 +1,5 @@
                -package p;
                +package q;
                 
                -import java.util.List;
                +import java.util.Set;
                +import static java.util.Objects.requireNonNull;
                 class A {
                -  List<String> x;
                +  Set<String> x;
                """);
        String python = diff("pkg/m.py", """
                @@ -1,4 +1,5 @@
                -import os
                -from sys import argv
                +import os, re
                +from sys import argv, exit
                 
                -X = 1
                +X = 2
                """);
        assertThat(ReferenceLocations.derive(java)).isEqualTo(lines(FILE, 5));
        assertThat(ReferenceLocations.derive(python)).isEqualTo(lines("pkg/m.py", 4));
    }

    @Test
    void anAddedImportAloneAndAnImportNeighbourAreNoLocations() {
        String patch = diff("pkg/m.py", """
                @@ -1,4 +1,6 @@
                 import os
                +import re
                 
                 def f():
                +    re.compile("x")
                     return 1
                """);
        assertThat(ReferenceLocations.derive(patch)).isEqualTo(lines("pkg/m.py", 3, 4));
    }

    @Test
    void coversEveryFileOfTheDiffByFileThenLine() {
        String patch = diff("b/Second.java", "@@ -3,1 +3,1 @@\n-x();\n+y();\n")
                + diff("a/First.java", "@@ -7,1 +7,1 @@\n-x();\n+y();\n");
        assertThat(ReferenceLocations.derive(patch))
                .containsExactly(new CaseLine("a/First.java", 7), new CaseLine("b/Second.java", 3));
    }

    @Test
    void aNewFileHasNoLocationsAndADeletedFileHasAllItsLines() {
        String patch = """
                diff --git a/src/New.java b/src/New.java
                new file mode 100644
                --- /dev/null
                +++ b/src/New.java
                @@ -0,0 +1,2 @@
                +class New {
                +}
                diff --git a/src/Old.java b/src/Old.java
                deleted file mode 100644
                --- a/src/Old.java
                +++ /dev/null
                @@ -1,4 +0,0 @@
                -import java.util.List;
                -class Old {
                -  List<String> x;
                -}
                """;
        assertThat(ReferenceLocations.derive(patch)).isEqualTo(lines("src/Old.java", 2, 3, 4));
    }

    @Test
    void identicalLinesAreDistinctLocationsAndALineNamedTwiceIsOne() {
        String patch = diff(FILE, """
                @@ -1,5 +1,7 @@
                -  x++;
                +  x += 2;
                   y();
                +  check();
                   z();
                +  check();
                   w();
                -  x++;
                +  x += 2;
                """);
        // 1 and 5 are removed; the insertions give 2,3 and 3,4: line 3 once.
        assertThat(ReferenceLocations.derive(patch)).isEqualTo(lines(FILE, 1, 2, 3, 4, 5));
    }

    @Test
    void theWorkedExampleOfTheDocsGivesWhatTheDocsSay() {
        String patch = """
                --- a/src/main/java/p/Calc.java
                +++ b/src/main/java/p/Calc.java
                @@ -1,4 +1,5 @@
                 package p;
                 
                 import java.util.List;
                +import java.util.Objects;
                 
                @@ -10,7 +11,8 @@ class Calc {
                   int add(int a, int b) {
                -    return a - b;
                +    return a + b;
                   }
                 
                   int div(int a, int b) {
                +    Objects.checkIndex(b, Integer.MAX_VALUE);
                     return a / b;
                   }
                """;
        assertThat(ReferenceLocations.derive(patch)).isEqualTo(lines("src/main/java/p/Calc.java", 11, 14, 15));
    }

    @Test
    void refusesAHunkWithoutLineNumbers() {
        assertThatThrownBy(() -> ReferenceLocations.derive(diff(FILE, "@@ @@\n-a\n+b\n")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("has no line numbers");
    }
}
