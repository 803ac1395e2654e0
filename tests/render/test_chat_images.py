"""The README's board pictures are drawn at the size Discord shows them in chat."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from bot.render import chat_images
from bot.render.kit import CHAT_BOX


def test_a_board_picture_fits_discords_chat_box(tmp_path: Path) -> None:
    written = chat_images.write(tmp_path, "after", only="great_wall")
    assert [p.name for p in written] == ["board-great_wall-after.png"]
    img = Image.open(written[0])
    assert img.width <= CHAT_BOX[0] and img.height <= CHAT_BOX[1]
    assert CHAT_BOX[0] in img.size or CHAT_BOX[1] in img.size  # shrunk to fit, not cropped


def test_every_picture_in_the_readme_is_one_the_script_draws() -> None:
    readme = Path(__file__).parents[2] / "README.md"
    text = readme.read_text(encoding="utf-8")
    for _game, name, *_rest in chat_images.tables():
        assert f"docs/images/board-{name}-after.png" in text, name
