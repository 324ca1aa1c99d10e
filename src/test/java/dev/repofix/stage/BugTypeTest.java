package dev.repofix.stage;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BugTypeTest {
    @Test
    void readsALabelOrConstantNameInAnySpellingOfCaseAndSeparators() {
        assertThat(BugType.of("Off By One")).contains(BugType.OFF_BY_ONE);
        assertThat(BugType.of("wrong_operator")).contains(BugType.WRONG_OPERATOR);
        assertThat(BugType.of(" missing self ")).contains(BugType.MISSING_SELF);
        assertThat(BugType.of("other: a typo")).contains(BugType.OTHER);
        assertThat(BugType.of("cosmic ray")).isEmpty();
    }

    @Test
    void anUnknownTypeIsKeptAsOtherWithItsTextNeverRefused() {
        assertThat(BugType.normalize("Wrong-Operator")).isEqualTo("wrong operator");
        assertThat(BugType.normalize("cosmic ray")).isEqualTo("other: cosmic ray");
        assertThat(BugType.normalize("other: cosmic ray")).isEqualTo("other: cosmic ray");
        assertThat(BugType.normalize("  ")).isEmpty();
    }

    @Test
    void theTableHoldsTheGenericLanguageAndMultiLibraryTypesWithLanguagesNamed() {
        assertThat(BugType.labels()).contains("logic", "off-by-one", "import error", "mutable default",
                "reference equality", "unchecked optional", "data transfer issue", "function misuse", "other")
                .doesNotHaveDuplicates();
        assertThat(BugType.MUTABLE_DEFAULT.language()).contains("python");
        assertThat(BugType.UNCHECKED_OPTIONAL.language()).contains("java");
        assertThat(BugType.LOGIC.language()).isEmpty();
        assertThat(BugType.listing()).contains("- integer division: ");
    }

    @Test
    void stageOneAsksForATypeOfTheTableAndKeepsAnUnknownOneAsOther() throws Exception {
        IssueDraft known = AnswerReaders.issue("{\"title\": \"t\", \"description\": \"d\", \"explanation\": \"e\", "
                + "\"bugType\": \"Off-By-One\"}");
        IssueDraft unknown = AnswerReaders.issue("```json\n{\"title\": \"t\", \"description\": \"d\", "
                + "\"explanation\": \"e\", \"bugType\": \"race condition\"}\n```");

        assertThat(known.bugType()).isEqualTo("off-by-one");
        assertThat(unknown.bugType()).isEqualTo("other: race condition");
    }
}
