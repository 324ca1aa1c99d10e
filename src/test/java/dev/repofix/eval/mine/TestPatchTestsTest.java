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
}
