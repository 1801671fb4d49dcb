from bot.tg.render.button_rows import ROW_CHARS, fitted_rows


def test_a_row_takes_buttons_whose_shares_fill_it_exactly() -> None:
    """Each button of a row gets an equal share: two labels of half a row fit it, a wider one goes below."""
    half = ROW_CHARS // 2
    assert fitted_rows("ab", [half, half], 4) == [["a", "b"]]
    assert fitted_rows("ab", [half, half + 1], 4) == [["a"], ["b"]]
