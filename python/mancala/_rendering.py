"""What GymEnv and AECEnv share in render(): the modes they take and what each gives."""

RENDER_MODES = ["ansi", "human"]


def checked_render_mode(render_mode):
    """`render_mode` if it is one of RENDER_MODES or None; ValueError otherwise."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be one of {RENDER_MODES} or None, got {render_mode!r}")
    return render_mode


def rendered(text, render_mode):
    """The board's text: returned for "ansi" (and None), printed for "human"."""
    if render_mode == "human":
        print(text)
        return None
    return text
