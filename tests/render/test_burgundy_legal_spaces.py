"""The private estate circles exactly the spaces the seat may choose (from ``my_options``)."""
from engine import ai
from engine.burgundy import GAME
from render.burgundy import legal_spaces, render_private


def a_space_decision():
    found = []

    def grab(state):
        if not found:
            for d in GAME.pending(state):
                if d.kind == "space":
                    found.append((GAME.view(state, d.seat), [o.id for o in d.options]))

    ai.playout(GAME, 2, 3, on_step=grab)
    return found[0]


def test_legal_spaces_are_highlighted():
    view, options = a_space_decision()
    spaces = [o for o in options if o.startswith("space:")]
    assert spaces, "a space decision offers spaces"
    view["my_options"] = options
    assert legal_spaces(view) == [int(o.split(":")[1]) for o in spaces]
    highlighted = render_private(view, "en").tobytes()
    view["my_options"] = []
    plain = render_private(view, "en").tobytes()
    assert highlighted != plain
