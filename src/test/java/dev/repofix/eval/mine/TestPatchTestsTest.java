package dev.repofix.eval.mine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TestPatchTestsTest {
    @Test
    void namesTheJavaTestMethodsTheChangeAddsOrEdits() {
        String patch = """
                --- a/src/test/java/p/AccountTest.java
                +++ b/src/test/java/p/AccountTest.java
                @@ -10,6 +10,15 @@ class AccountTest {
                     @Test
                     void deposits() {
                -        assertThat(a.deposit(1)).isEqualTo(1);
                +        assertThat(a.deposit(2)).isEqualTo(2);
                     }
                +
                +    @Test
                +    void withdrawSubtracts() {
                +        assertThat(a.withdraw(5)).isEqualTo(5);
                +    }
                +
                +    private void helper() {
                +    }
                 }
                """;

        assertThat(TestPatchTests.named(patch)).containsExactly("p.AccountTest#deposits", "p.AccountTest#withdrawSubtracts");
    }

    @Test
    void namesPythonTestsAsPytestNodeIdsWithTheirClass() {
        String patch = """
                --- a/tests/test_age.py
                +++ b/tests/test_age.py
                @@ -1,3 +1,10 @@
                 class TestAge:
                     def test_adult(self):
                -        assert is_adult(17) is False
                +        assert is_adult(18)
                +
                +
                +def test_teen():
                +    assert is_teen(13)
                +
                +def helper():
                +    return 1
                --- a/tests/test_teen.py
                +++ b/tests/test_teen.py
                @@ -1,4 +1,4 @@
                 def test_thirteen():
                     assert is_teen(13)
                 def helper():
                -    return 1
                +    return 2
                """;

        assertThat(TestPatchTests.named(patch)).containsExactly("tests/test_age.py::TestAge::test_adult",
                "tests/test_age.py::test_teen");
    }

    @Test
    void noTestChangeNamesNoTest() {
        assertThat(TestPatchTests.named("")).isEmpty();
    }

    @Test
    void readsTheMethodNameOnTheAnnotationsLineFromTheHunksAlone() {
        String patch = """
                --- a/src/test/java/p/BreakerTest.java
                +++ b/src/test/java/p/BreakerTest.java
                @@ -10,3 +10,9 @@ class BreakerTest {
                     @Test void closed() { assertThat(b.closed()).isTrue(); }
                +    @Test void halfOpen() { assertThat(b.halfOpen()).isTrue(); }
                +    @Test public void opens() {
                +        assertThat(b.open()).isTrue();
                +    }
                +    @ParameterizedTest @ValueSource(ints = 1) void retries(int i) {
                +        assertThat(b.retries(i)).isEqualTo(i);
                +    }
                 }
                @@ -20,5 +26,5 @@ class BreakerTest {
                     @Test void rejects() {
                         new Object() {
                         };
                -        assertThat(b.rejects()).isFalse();
                +        assertThat(b.rejects()).isTrue();
                     }
                """;

        assertThat(TestPatchTests.named(patch)).containsExactly("p.BreakerTest#halfOpen", "p.BreakerTest#opens",
                "p.BreakerTest#retries", "p.BreakerTest#rejects");
    }

    @Test
    void readsTheWholeFileAfterThePatchWhenGivenSoAnEditFarBelowItsDeclarationNamesItsTest() {
        String after = """
                package p;

                import org.junit.jupiter.api.Nested;
                import org.junit.jupiter.api.Test;

                class BreakerTest {
                    @Test void halfOpen() {
                        Breaker b = new Breaker();
                        b.trip();
                        b.trip();
                        b.trip();
                        assertThat(b.halfOpen()).isTrue();
                    }

                    @Nested
                    class WhenOpen {
                        @org.junit.jupiter.api.Test
                        void rejects() {
                            assertThat(new Breaker().rejects()).isTrue();
                        }
                    }

                    void helper() {
                        int unused = 1;
                    }
                }
                """;
        String patch = """
                --- a/src/test/java/p/BreakerTest.java
                +++ b/src/test/java/p/BreakerTest.java
                @@ -10,5 +10,5 @@ class BreakerTest {
                         b.trip();
                         b.trip();
                -        assertThat(b.open()).isTrue();
                +        assertThat(b.halfOpen()).isTrue();
                     }
                \s
                @@ -18,7 +18,7 @@ class BreakerTest {
                         void rejects() {
                -            assertThat(new Breaker().open()).isTrue();
                +            assertThat(new Breaker().rejects()).isTrue();
                         }
                     }
                \s
                     void helper() {
                -        int unused = 0;
                +        int unused = 1;
                """;

        assertThat(TestPatchTests.named(patch, path -> java.util.Optional.of(after)))
                .containsExactly("p.BreakerTest#halfOpen", "p.BreakerTest$WhenOpen#rejects");
        assertThat(TestPatchTests.named(patch)).as("the hunks alone do not show the first declaration")
                .doesNotContain("p.BreakerTest#halfOpen");
    }
}
