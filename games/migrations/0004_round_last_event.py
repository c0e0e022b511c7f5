from django.db import migrations, models
from django.db.models import Max


def number_the_last_events(apps, schema_editor):
    Round = apps.get_model("games", "Round")
    for rnd in Round.objects.annotate(last=Max("events__number")).iterator():
        Round.objects.filter(pk=rnd.pk).update(last_event=rnd.last or 0)


class Migration(migrations.Migration):
    dependencies = [("games", "0003_round_players")]

    operations = [
        migrations.AddField(
            model_name="round",
            name="last_event",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.RunPython(number_the_last_events, migrations.RunPython.noop),
    ]
