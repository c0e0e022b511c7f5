from django.db import migrations, models


class Migration(migrations.Migration):
    """Rounds already stored were dealt with shuffle 1 (keyed by the seed's hash); new
    rounds are dealt with shuffle 2 (keyed by the secret seed)."""

    dependencies = [("games", "0004_round_last_event")]

    operations = [
        migrations.AddField(
            model_name="round",
            name="shuffle",
            field=models.PositiveSmallIntegerField(default=1),
            preserve_default=False,
        ),
        migrations.AlterField(
            model_name="round",
            name="shuffle",
            field=models.PositiveSmallIntegerField(default=2),
        ),
    ]
