package dev.repofix.eval.inject;

import java.util.Map;

/**
 * A small Maven project of three classes whose tests pass and check every line: what a
 * new user runs {@code eval inject} on first. Its files by path.
 */
public final class ShopProject {
    static final String CART = """
            package shop;

            import java.util.ArrayList;
            import java.util.List;

            public final class Cart {
                private final List<Integer> prices = new ArrayList<>();
                private int count;

                public void add(int price) {
                    prices.add(price);
                    count++;
                }

                public int total() {
                    int sum = 0;
                    for (int price : prices) {
                        sum += price;
                    }
                    return sum;
                }

                public int size() {
                    return count;
                }
            }
            """;
    static final String ORDER = """
            package shop;

            public final class Order {
                private final Cart cart;
                private final Range allowed;
                private String customer;

                public Order(Cart cart, Range allowed) {
                    this.cart = cart;
                    this.allowed = allowed;
                }

                public void by(String name) {
                    customer = name;
                }

                public String customer() {
                    return customer;
                }

                public int charge() {
                    return allowed.clamp(cart.total());
                }

                public static boolean eligible(int total, int items) {
                    return total >= 100 && items > 2;
                }
            }
            """;
    static final String RANGE = """
            package shop;

            public final class Range {
                private final int low;
                private final int high;

                public Range(int low, int high) {
                    this.low = low;
                    this.high = high;
                }

                public int clamp(int value) {
                    if (value < low) {
                        return low;
                    }
                    if (value > high) {
                        return high;
                    }
                    return value;
                }

                public static Range of(int low, int high) {
                    return new Range(low, high);
                }
            }
            """;
    static final String TESTS = """
            package shop;

            import static org.junit.jupiter.api.Assertions.assertEquals;
            import static org.junit.jupiter.api.Assertions.assertFalse;
            import static org.junit.jupiter.api.Assertions.assertTrue;

            import org.junit.jupiter.api.Test;

            class ShopTest {
                @Test
                void cartTotalsWhatWasAdded() {
                    Cart cart = new Cart();
                    cart.add(3);
                    cart.add(5);
                    cart.add(7);
                    assertEquals(15, cart.total());
                    assertEquals(3, cart.size());
                }

                @Test
                void anOrderChargesTheCartClampedAndKnowsItsCustomer() {
                    Cart cart = new Cart();
                    cart.add(40);
                    cart.add(30);
                    Order order = new Order(cart, Range.of(10, 50));
                    order.by("ann");
                    assertEquals(50, order.charge());
                    assertEquals("ann", order.customer());
                }

                @Test
                void eligibleFromAHundredAndThreeItems() {
                    assertTrue(Order.eligible(100, 3));
                    assertFalse(Order.eligible(100, 2));
                    assertFalse(Order.eligible(99, 5));
                    assertFalse(Order.eligible(150, 1));
                }

                @Test
                void rangeClampsIntoItsBounds() {
                    Range r = new Range(3, 9);
                    assertEquals(3, r.clamp(1));
                    assertEquals(9, r.clamp(12));
                    assertEquals(5, r.clamp(5));
                    assertEquals(3, r.clamp(3));
                    assertEquals(9, r.clamp(9));
                    assertEquals(3, Range.of(3, 9).clamp(1));
                }
            }
            """;

    private ShopProject() {}

    /** The project's files, the pom given by the caller (the tests' own fixtures keep one). */
    public static Map<String, String> files(String pom) {
        return Map.of("pom.xml", pom, "src/main/java/shop/Cart.java", CART,
                "src/main/java/shop/Order.java", ORDER, "src/main/java/shop/Range.java", RANGE,
                "src/test/java/shop/ShopTest.java", TESTS);
    }
}
